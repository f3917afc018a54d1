import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchoredPanel } from '@/components/AnchoredPanel';
import { useErrorToast, useToast } from '@/components/toast';
import { canRetry, dismissChange, retryChange, type PendingChange } from '@/firebase/pendingWrites';
import { describeError } from '@/i18n/errors';
import { formatRelative } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';

interface Props {
  anchor: HTMLElement;
  online: boolean;
  changes: PendingChange[];
  onClose: () => void;
}

/** A change's text as the user typed it: its title, then each field's value. */
export function changeText(change: PendingChange): string {
  const values = Object.values(change.fields).filter((value) => value !== change.title);
  return [change.title, ...values].filter(Boolean).join('\n');
}

/**
 * The sync indicator's dropdown: the changes not confirmed yet, and those the server refused with
 * the reason and the text as typed ('Copiar'), 'Reintentar' (in this session) and 'Descartar'.
 */
export default function SyncPanel({ anchor, online, changes, onClose }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { toast } = useToast();
  const showError = useErrorToast();
  // Reintentar and Descartar take their buttons away: the focus goes to the panel, not the page.
  const panel = useRef<HTMLDivElement>(null);
  const refocus = () => panel.current?.focus();
  const refused = changes.filter((c) => c.status === 'refused');
  const pending = changes.filter((c) => c.status === 'pending');
  const now = Date.now();
  const help = !online
    ? t('app.sync.offlineHelp')
    : pending.length
      ? t('app.sync.pendingHelp')
      : changes.length
        ? null
        : t('app.sync.savedAll');

  const copy = async (change: PendingChange) => {
    try {
      await navigator.clipboard.writeText(changeText(change));
      toast({ title: t('app.sync.copied'), variant: 'success' });
    } catch (error) {
      showError(error, t('app.sync.copy'));
    }
  };
  const retry = async (change: PendingChange) => {
    try {
      await retryChange(change.id);
      refocus();
    } catch (error) {
      showError(error, t('app.sync.retry'));
    }
  };
  const reason = (change: PendingChange) =>
    change.reason === 'unconfirmed'
      ? t('app.sync.unconfirmed')
      : t(`errors.server.${describeError({ code: change.reason }).key}`);

  const item = (change: PendingChange) => (
    <Box
      component="li"
      key={change.id}
      data-testid="sync-change"
      data-status={change.status}
      sx={{ px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {t(`app.sync.action_${change.action}`)} · {t(`app.sync.kind.${change.collection}`, change.collection)}
        {change.title && `: ${change.title}`}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {formatRelative(change.at, now, language)}
      </Typography>
      {change.status === 'refused' && (
        <>
          <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5 }}>
            {reason(change)}
          </Typography>
          {changeText(change) && (
            <Box
              component="pre"
              data-testid="sync-change-text"
              sx={{
                m: 0,
                mt: 0.75,
                p: 1,
                bgcolor: 'grey.100',
                borderRadius: 1,
                font: 'inherit',
                fontSize: 13,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {changeText(change)}
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 0.75, flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => void copy(change)}>
              {t('app.sync.copy')}
            </Button>
            {canRetry(change.id) && (
              <Button size="small" onClick={() => void retry(change)} disabled={!online}>
                {t('app.sync.retry')}
              </Button>
            )}
            <Button
              size="small"
              color="inherit"
              onClick={() => {
                dismissChange(change.id);
                refocus();
              }}
            >
              {t('app.sync.dismiss')}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );

  /** The refused, then the pending changes: a heading and their list. */
  const group = (kind: 'refused' | 'pending', list: PendingChange[], color?: string) =>
    list.length > 0 && (
      <section aria-labelledby={`sync-${kind}`}>
        <Typography id={`sync-${kind}`} variant="overline" component="h3" sx={{ px: 2, color }}>
          {t(`app.sync.${kind}`)}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map(item)}
        </Box>
      </section>
    );

  return (
    <AnchoredPanel
      anchor={anchor}
      placement="below-end"
      width={380}
      onClose={onClose}
      title={t('app.sync.title')}
      testId="sync-panel"
      paperRef={panel}
    >
      {help && (
        <Typography variant="body2" sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>
          {help}
        </Typography>
      )}
      {group('refused', refused, 'error.main')}
      {group('pending', pending)}
    </AnchoredPanel>
  );
}
