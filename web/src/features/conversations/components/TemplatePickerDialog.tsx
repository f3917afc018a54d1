import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  renderTemplateText,
  variableValues,
  type WaTemplate,
  type WaVariableValues,
  type WithId,
} from '@trato/model';
import { QueryState } from '@/components/data/QueryState';
import { orgRequest, useLiveList, useOrgId } from '@/firebase/dataApi';
import { OUTBOUND_BUBBLE } from './MessageList';

/** A template as this contact will read it (its variables filled with the contact's values). */
export function templatePreview(template: WaTemplate, values: WaVariableValues): string {
  return renderTemplateText(template, variableValues(template.variables, values));
}

/**
 * 'Enviar plantilla': the organization's approved templates (waTemplates.approved), one chosen
 * and shown as the contact will read it, sent with 'Enviar'. A refused send keeps the dialog and
 * says why.
 */
export default function TemplatePickerDialog({
  contactName,
  values,
  busy,
  onClose,
  onSend,
}: {
  contactName: string;
  values: WaVariableValues;
  busy: boolean;
  onClose: () => void;
  /** Resolves to null when sent, else what to say. */
  onSend: (templateId: string) => Promise<string | null>;
}) {
  const { t } = useTranslation('conversations');
  const { t: tc } = useTranslation();
  const organizationId = useOrgId();
  const templates = useLiveList(orgRequest(organizationId, 'waTemplates.approved', { status: 'approved' }));
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const rows = templates.data ?? [];
  const selected: WithId<WaTemplate> | null = rows.find((row) => row.id === chosen) ?? rows[0] ?? null;

  const send = async () => {
    if (!selected || busy) return;
    setError(null);
    const failed = await onSend(selected.id);
    if (failed) setError(failed);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('templates.title')}</DialogTitle>
      <DialogContent>
        <QueryState
          state={templates}
          errorTitle={t('templates.loadFailed')}
          isEmpty={templates.status === 'success' && rows.length === 0}
          empty={
            <Box>
              <Typography sx={{ fontWeight: 700 }}>{t('templates.empty')}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t('templates.emptyHint')}
              </Typography>
            </Box>
          }
        >
          <Box role="radiogroup" aria-label={t('templates.label')} sx={{ display: 'grid', gap: 1 }}>
            {rows.map((template) => {
              const checked = selected?.id === template.id;
              return (
                <Box
                  component="label"
                  key={template.id}
                  sx={{
                    display: 'flex',
                    gap: 1.5,
                    alignItems: 'flex-start',
                    p: 1.25,
                    border: 1,
                    borderRadius: 2,
                    borderColor: checked ? 'primary.main' : 'divider',
                    cursor: 'pointer',
                    '&:has(input:focus-visible)': {
                      outline: 2,
                      outlineColor: 'primary.main',
                      outlineOffset: 2,
                    },
                  }}
                >
                  <Box
                    component="input"
                    type="radio"
                    name="wa-template"
                    value={template.id}
                    checked={checked}
                    onChange={() => setChosen(template.id)}
                    sx={{ m: 0, mt: 0.25, width: 18, height: 18, flexShrink: 0, accentColor: '#4338CA' }}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {template.name}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {[
                        tc(`common.language.${template.language}`),
                        t(`templates.category.${template.category}`),
                      ].join(' · ')}
                    </Typography>
                  </Box>
                </Box>
              );
            })}
          </Box>
          {selected && (
            <Box
              component="section"
              aria-label={t('templates.preview', { name: contactName })}
              sx={{ mt: 2 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.75 }}>
                {t('templates.preview', { name: contactName })}
              </Typography>
              <Box
                data-testid="template-preview"
                sx={{
                  p: 1.5,
                  borderRadius: 2,
                  bgcolor: OUTBOUND_BUBBLE,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
              >
                {templatePreview(selected, values)}
                {selected.buttons.length > 0 && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
                    {selected.buttons.map((button) => (
                      <Box
                        key={button}
                        component="span"
                        sx={{
                          px: 1.25,
                          py: 0.25,
                          borderRadius: 4,
                          bgcolor: 'background.paper',
                          fontSize: 14,
                        }}
                      >
                        {button}
                      </Box>
                    ))}
                  </Box>
                )}
              </Box>
            </Box>
          )}
        </QueryState>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('composer.failed', { reason: error })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {tc('common.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!selected || busy}>
          {busy ? t('composer.sending') : t('templates.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
