import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Contact, WithId } from '@trato/model';
import { sectionHref } from '@/app/sections';
import { QueryState } from '@/components/data/QueryState';
import { PageHeader } from '@/components/page/PageHeader';
import { BackLink } from '@/components/records/BackLink';
import { MissingRecord } from '@/components/records/NotFoundRecord';
import { orgRecordPath, useDocument, useOrgId } from '@/firebase/dataApi';

const LIST_PATH = sectionHref('contacts');

/**
 * A page of a contact's own (/contactos/{id}/…: consent, portal): the contact read live, 'not
 * found' when it is gone, a header with the way back to the contact, and `children` for what the
 * page shows of it. Such pages keep the contact's page within its weight budget.
 */
export function ContactSubPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: (contact: WithId<Contact>) => string;
  children: (contact: WithId<Contact>, organizationId: string) => ReactNode;
}) {
  const { id = '' } = useParams();
  const { t: tContacts } = useTranslation('contacts');
  const organizationId = useOrgId();
  const contact = useDocument(orgRecordPath(organizationId, 'contacts', id));
  if (contact.status === 'success' && contact.data === null)
    return <MissingRecord texts={tContacts('detail', { returnObjects: true })} listPath={LIST_PATH} />;
  return (
    <Box sx={{ maxWidth: 880 }}>
      <QueryState state={contact}>
        {contact.data && (
          <>
            <PageHeader
              before={<BackLink to={`${LIST_PATH}/${encodeURIComponent(id)}`} label={contact.data.name} />}
              title={title}
              subtitle={subtitle?.(contact.data)}
            />
            {children(contact.data, organizationId)}
          </>
        )}
      </QueryState>
    </Box>
  );
}
