// Step 3: the validation before anything is written — new, to update, already there, refused and
// why — with the choice for duplicates and the companies a contacts' import creates or links.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@trato/model';
import { OutlinedTextField } from '@/components/form/OutlinedTextField';
import { planWrites, type DuplicatePolicy, type ImportPlan } from '../plan';
import { Counts } from './Counts';
import type { ImportConsent } from './csvImportFlow';
import { RefusedList } from './RefusedList';
import { StepLayout, type StepProps } from './StepLayout';
import { CheckboxLabel } from '@/components/form/CheckboxLabel';
import { RadioCards } from '@/components/RadioCards';
import { useCountFormat } from './useCountFormat';

export function ReviewStep({
  header,
  entity,
  plan,
  policy,
  consent,
  flow,
  onClose,
}: StepProps<'canUpdate' | 'choosePolicy' | 'changeConsent' | 'back' | 'downloadRefused' | 'start'> & {
  plan: ImportPlan;
  policy: DuplicatePolicy;
  consent: ImportConsent;
}) {
  const { t } = useTranslation('csv');
  const { t: tc } = useTranslation();
  const n = useCountFormat();
  // Without the right to edit, duplicates are skipped.
  const { canUpdate } = flow;
  const writes = planWrites(plan);
  const rowsToWrite = plan.creates.length + plan.updates.length;
  // Recording consent needs contacts.edit (the function checks it too): canUpdate, for contacts.
  const mayStateConsent = entity === 'contacts' && canUpdate && writes > 0;
  const consentMissing = mayStateConsent && consent.given && !consent.text.trim();
  const actions = (
    <>
      <Button onClick={flow.back}>{t('import.back')}</Button>
      {plan.refused.length > 0 && (
        <Button onClick={flow.downloadRefused}>{t('import.review.downloadRefused')}</Button>
      )}
      <Button onClick={onClose} sx={{ ml: 'auto' }}>
        {tc('common.actions.cancel')}
      </Button>
      <Button variant="contained" disabled={!writes || consentMissing} onClick={flow.start}>
        {t('import.review.start', { count: rowsToWrite || writes, shown: n(rowsToWrite || writes) })}
      </Button>
    </>
  );
  const companies = [
    plan.newCompanies.length ? t('import.review.newCompanies', { count: plan.newCompanies.length }) : '',
    plan.companiesMatched ? t('import.review.companiesMatched', { count: plan.companiesMatched }) : '',
  ].filter(Boolean);
  return (
    <StepLayout header={header} actions={actions}>
      <Stack spacing={2}>
        <Typography>{t('import.review.intro')}</Typography>
        <Counts
          items={[
            { label: t('import.review.creates'), value: plan.creates.length, tone: 'success' },
            { label: t('import.review.updates'), value: plan.updates.length, tone: 'info' },
            { label: t('import.review.duplicates'), value: plan.duplicates.length, tone: 'neutral' },
            { label: t('import.review.refused'), value: plan.refused.length, tone: 'error' },
          ]}
        />
        {(plan.duplicates.length > 0 || plan.updates.length > 0) && (
          <Box>
            <RadioCards
              name="csv-duplicates"
              legend={t(`import.review.duplicatePolicy.${entity}`)}
              value={canUpdate ? policy : 'skip'}
              onChange={(value) => flow.choosePolicy(value)}
              options={[
                { value: 'skip', label: t('import.review.skip') },
                { value: 'update', label: t('import.review.update'), disabled: !canUpdate },
              ]}
            />
            {!canUpdate && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('import.review.noEditRight')}
              </Typography>
            )}
          </Box>
        )}
        {entity === 'contacts' && companies.length > 0 && (
          <Alert severity="info">{companies.join(' ')}</Alert>
        )}
        {plan.companiesNotCreated.length > 0 && (
          <Alert severity="warning">
            {t('import.review.companiesNotCreated', { count: plan.companiesNotCreated.length })}
          </Alert>
        )}
        {mayStateConsent && (
          <Box>
            <CheckboxLabel
              checked={consent.given}
              onChange={(given) => flow.changeConsent({ ...consent, given })}
              label={t('import.review.consent.label')}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', ml: 5 }}>
              {t('import.review.consent.help')}
            </Typography>
            {consent.given && (
              <OutlinedTextField
                label={t('import.review.consent.text')}
                placeholder={t('import.review.consent.placeholder')}
                value={consent.text}
                onChange={(e) => flow.changeConsent({ ...consent, text: e.target.value })}
                required
                fullWidth
                error={consentMissing}
                helperText={consentMissing ? t('import.review.consent.required') : ' '}
                slotProps={{ htmlInput: { maxLength: LIMITS.consentText } }}
                sx={{ mt: 2.5 }}
              />
            )}
          </Box>
        )}
        {plan.refused.length > 0 && <RefusedList rows={plan.refused} />}
        {!writes && <Alert severity="info">{t('import.review.nothing')}</Alert>}
      </Stack>
    </StepLayout>
  );
}
