import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { sectionHref } from '@/app/sections';
import { QueryState } from '@/components/data/QueryState';
import { PageHeader } from '@/components/page/PageHeader';
import { BackLink } from '@/components/records/BackLink';
import { MissingRecord } from '@/components/records/NotFoundRecord';
import { orgRecordPath, useDocument, useOrgId } from '@/firebase/dataApi';
import { ConsentPanel } from './components/ConsentPanel';

const LIST_PATH = sectionHref('contacts');

/**
 * /contactos/{id}/consentimiento: a contact's e-mail marketing consent with its proof (every
 * change, where it came from, when, the text shown, who recorded it) and, with contacts.edit,
 * recording it given or withdrawn. A page of its own, linked from the contact's summary: the
 * contact's page stays within its weight budget, and the proof has an address to share.
 */
export default function ConsentPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('records');
  const { t: tContacts } = useTranslation('contacts');
  const organizationId = useOrgId();
  const contact = useDocument(orgRecordPath(organizationId, 'contacts', id));
  const contactPath = `${LIST_PATH}/${encodeURIComponent(id)}`;
  if (contact.status === 'success' && contact.data === null)
    return <MissingRecord texts={tContacts('detail', { returnObjects: true })} listPath={LIST_PATH} />;
  return (
    <Box sx={{ maxWidth: 880 }}>
      <QueryState state={contact}>
        {contact.data && (
          <>
            <PageHeader
              before={<BackLink to={contactPath} label={contact.data.name} />}
              title={t('contactConsent.title')}
            />
            <Card variant="outlined">
              <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                <ConsentPanel contact={contact.data} />
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
    </Box>
  );
}
