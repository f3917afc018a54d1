import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import type { Company, Contact } from '@trato/model';
import { sectionHref, sectionOf } from '@/app/sections';
import { QueryState } from '@/components/data/QueryState';
import { MissingRecord } from '@/components/records/NotFoundRecord';
import { EmailsView } from '@/components/records/emails/EmailsView';
import { orgRecordPath, useDocument, useOrgId } from '@/firebase/dataApi';

/**
 * /contactos/{id}/emails and /empresas/{id}/emails: the conversations of the members' connected
 * Gmail with the contact (or with the company's contacts), one opened on the same page; for a
 * contact 'Escribir email', and 'Responder' on what one's own mailbox received. A page of its own,
 * linked from the record's page and its timeline's e-mails, so the record's page stays within its
 * budget. One module for both routes: the section in the address says which record it is.
 */
export default function EmailsPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const section = sectionOf(pathname)?.key === 'companies' ? 'companies' : 'contacts';
  const { t } = useTranslation(section);
  const organizationId = useOrgId();
  const record = useDocument<Contact | Company>(orgRecordPath(organizationId, section, id));
  if (record.status === 'success' && record.data === null)
    return <MissingRecord texts={t('detail', { returnObjects: true })} listPath={sectionHref(section)} />;
  return (
    <Box sx={{ maxWidth: 880 }}>
      <QueryState state={record}>
        {record.data && (
          <EmailsView
            by={section === 'contacts' ? 'contact' : 'company'}
            id={id}
            name={record.data.name}
            backTo={sectionHref(section, { id })}
            contact={section === 'contacts' ? (record.data as Contact & { id: string }) : undefined}
          />
        )}
      </QueryState>
    </Box>
  );
}
