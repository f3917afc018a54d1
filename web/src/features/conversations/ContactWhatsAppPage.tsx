import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { sectionHref } from '@/app/sections';
import { QueryState } from '@/components/data/QueryState';
import { PageHeader } from '@/components/page/PageHeader';
import { BackLink } from '@/components/records/BackLink';
import { MissingRecord } from '@/components/records/NotFoundRecord';
import { orgRecordPath, useDocument, useMembership, useOrgId } from '@/firebase/dataApi';
import { ConversationThread } from './components/ConversationThread';

/** The conversation's height: the window less the top bar, the page's padding and its header. */
const THREAD_HEIGHT = { xs: 'calc(100dvh - 56px - 32px - 112px)', sm: 'calc(100dvh - 56px - 64px - 124px)' };

/**
 * /contactos/{id}/whatsapp (issue 33): the contact's WhatsApp conversation — the inbox's thread and
 * composer ('Enviar plantilla' included) under the contact's name, linked by the 'WhatsApp' button
 * of the contact's page. A page of its own so the contact's page stays within its budget.
 */
export default function ContactWhatsAppPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('conversations');
  const { t: tContacts } = useTranslation('contacts');
  const organizationId = useOrgId();
  const { can } = useMembership();
  const contact = useDocument(orgRecordPath(organizationId, 'contacts', id));
  if (contact.status === 'success' && contact.data === null)
    return (
      <MissingRecord
        texts={tContacts('detail', { returnObjects: true })}
        listPath={sectionHref('contacts')}
      />
    );
  return (
    <Box sx={{ maxWidth: 880 }}>
      <QueryState state={contact}>
        {contact.data && (
          <>
            <PageHeader
              before={<BackLink to={sectionHref('contacts', { id })} label={contact.data.name} />}
              title={t('contactPage.title')}
            />
            {can('conversations', 'view') ? (
              <Box
                sx={{
                  height: THREAD_HEIGHT,
                  minHeight: 440,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  overflow: 'hidden',
                  bgcolor: 'background.paper',
                }}
              >
                <ConversationThread contactId={id} variant="contact" />
              </Box>
            ) : (
              <Alert severity="info">{t('contactPage.noAccess')}</Alert>
            )}
          </>
        )}
      </QueryState>
    </Box>
  );
}
