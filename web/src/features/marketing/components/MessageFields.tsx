import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MERGE_FIELDS, mergeTag, mergeValuesFor, renderTemplate, unknownMergeTags } from '@trato/model';
import { EntityPicker, PICKERS, type PickedRecord } from '@/components/form/EntityPickerField';
import { FormTextField } from '@/components/form/FormTextField';
import { orgRecordPath, useDocument, useMembership } from '@/firebase/dataApi';
import { insertAt } from '../utils/insertAt';

/** What an e-mail's form holds: a sequence's step, a campaign. */
interface MessageValues {
  subject: string;
  body: string;
}

type Field = keyof MessageValues;

/**
 * An e-mail's subject and body (Formik fields `subject` and `body`) with the merge-field chips,
 * which insert at the cursor of the field last focused (the body by default), and a warning for
 * tags the sender does not know. The step form and the campaign form share it.
 */
export function MessageFields({ autoFocus }: { autoFocus?: boolean }) {
  const { t } = useTranslation('marketing');
  const { values, setFieldValue } = useFormikContext<MessageValues>();
  // Where a chip inserts: the field last focused and its cursor (the body by default).
  const target = useRef<{ field: Field; at: number | null }>({ field: 'body', at: null });
  const track = (field: Field) => (event: React.SyntheticEvent) => {
    const input = event.target as HTMLInputElement | HTMLTextAreaElement;
    target.current = { field, at: input.selectionStart };
  };
  const insert = (tag: string) => {
    const { field, at } = target.current;
    const next = insertAt(values[field], tag, at);
    void setFieldValue(field, next.text);
    target.current = { field, at: next.cursor };
  };
  const unknown = [...new Set([...unknownMergeTags(values.subject), ...unknownMergeTags(values.body)])];

  return (
    <>
      <FormTextField
        name="subject"
        label={t('stepForm.subject')}
        required
        autoFocus={autoFocus}
        onSelect={track('subject')}
      />
      <FormTextField
        name="body"
        label={t('stepForm.body')}
        required
        multiline
        minRows={5}
        onSelect={track('body')}
      />
      <Box>
        <Typography variant="body2" id="merge-fields-label" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('stepForm.mergeFields')}
        </Typography>
        <Stack
          direction="row"
          role="group"
          aria-labelledby="merge-fields-label"
          sx={{ flexWrap: 'wrap', gap: 1 }}
        >
          {MERGE_FIELDS.map((field) => (
            <Chip
              key={field.key}
              label={mergeTag(field.key)}
              variant="outlined"
              color="primary"
              size="small"
              // 'Insertar {{nombre}} (Nombre)': the tag it shows, then what it stands for.
              aria-label={t('stepForm.insert', {
                tag: mergeTag(field.key),
                field: t(`mergeFields.${field.key}`),
              })}
              // Keep the text field's cursor: the chip must not take the focus on press.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(mergeTag(field.key))}
            />
          ))}
        </Stack>
      </Box>
      {unknown.length > 0 && (
        <Alert severity="warning">{t('stepForm.unknownTags', { tags: unknown.join(', ') })}</Alert>
      )}
    </>
  );
}

/** The e-mail as a chosen contact would get it (the same rendering the sender uses). */
export function MessagePreview({
  organizationId,
  subject,
  body,
  senderName,
}: {
  organizationId: string;
  subject: string;
  body: string;
  /** Who sends it ({{remitente}}): the signed-in member by default. */
  senderName?: string;
}) {
  const { t } = useTranslation('marketing');
  const membership = useMembership();
  const [picked, setPicked] = useState<PickedRecord | null>(null);
  const contact = useDocument(picked ? orgRecordPath(organizationId, 'contacts', picked.id) : null);
  const values = contact.data
    ? mergeValuesFor(contact.data, senderName ?? membership.profile?.fullName ?? '')
    : null;
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
        {t('stepForm.preview')}
      </Typography>
      <EntityPicker
        id="step-preview-contact"
        label={t('stepForm.previewFor')}
        queries={PICKERS.contacts}
        value={picked}
        onChange={setPicked}
        size="small"
      />
      <Box
        data-testid="step-preview"
        sx={{ mt: 1.5, p: 2, borderRadius: 2, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}
      >
        {values ? (
          <>
            <Typography sx={{ fontWeight: 700, mb: 1 }}>{renderTemplate(subject, values)}</Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{renderTemplate(body, values)}</Typography>
          </>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('stepForm.previewEmpty')}</Typography>
        )}
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {t('stepForm.unsubscribeNote')}
        </Typography>
      </Box>
    </Box>
  );
}
