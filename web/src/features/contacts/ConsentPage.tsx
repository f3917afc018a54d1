import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { ConsentPanel } from './components/ConsentPanel';
import { ContactSubPage } from './components/ContactSubPage';

/**
 * /contactos/{id}/consentimiento: a contact's e-mail marketing consent with its proof (every
 * change, where it came from, when, the text shown, who recorded it) and, with contacts.edit,
 * recording it given or withdrawn. A page of its own, linked from the contact's summary: the
 * contact's page stays within its weight budget, and the proof has an address to share.
 */
export default function ConsentPage() {
  const { t } = useTranslation('records');
  return (
    <ContactSubPage title={t('contactConsent.title')}>
      {(contact) => (
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <ConsentPanel contact={contact} />
          </CardContent>
        </Card>
      )}
    </ContactSubPage>
  );
}
