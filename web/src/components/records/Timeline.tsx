import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import HandshakeRoundedIcon from '@mui/icons-material/HandshakeRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import StickyNote2RoundedIcon from '@mui/icons-material/StickyNote2Rounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  isChangeKind,
  TIMELINE_KINDS,
  TIMELINE_KIND_RESOURCE,
  type TimelineEntry,
  type TimelineKind,
  type WithId,
} from '@trato/model';
import { QueryState } from '@/components/data/QueryState';
import { Pager } from '@/components/data/Pager';
import { StatusChip } from '@/components/data/StatusChip';
import { useMembers } from '@/components/useMembers';
import { orgRequest, useMembership, usePagedList, type PagedList, useOrgId } from '@/firebase/dataApi';
import { enumLabel, type EnumName } from '@/i18n/enums';
import { formatDate, formatDateTime, formatMoney, formatRelative, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useDatePreferences } from '@/firebase/dataApi';
import { sectionHref } from '@/app/sections';

const ICONS: Record<TimelineKind, SvgIconComponent> = {
  note: StickyNote2RoundedIcon,
  task: TaskAltRoundedIcon,
  meeting: EventRoundedIcon,
  deal: HandshakeRoundedIcon,
  // Icons the record pages load anyway (a filled-in form; a consent given or taken back).
  submission: EditRoundedIcon,
  consent: CheckCircleRoundedIcon,
  email: MailOutlineRoundedIcon,
  // The sidebar's 'Conversaciones' icon, which every signed-in page has loaded.
  whatsapp: ForumRoundedIcon,
  // A member's edit of a field (model/src/changes.ts).
  contactEdit: EditRoundedIcon,
  companyEdit: EditRoundedIcon,
  dealEdit: EditRoundedIcon,
};

/** The enumerations of the tracked fields that have one (their values shown by label). */
const FIELD_ENUMS: Record<string, EnumName> = {
  lifecycleStage: 'lifecycleStage',
  status: 'contactStatus',
  industry: 'industry',
  size: 'companySize',
  stage: 'dealStage',
};

/**
 * The label of a tracked field: the edit dialogs' (contacts:form.*, companies:form.*,
 * records:deal.*), the owner's own.
 */
function fieldLabelKey(kind: TimelineKind, field: string): string {
  if (field === 'ownerId') return 'timeline.change.owner';
  if (kind === 'dealEdit')
    return `deal.${({ companyId: 'company', primaryContactId: 'contact', probability: 'columns.probability' } as Record<string, string>)[field] ?? field}`;
  return `${kind === 'contactEdit' ? 'contacts' : 'companies'}:form.${field === 'companyId' ? 'company' : field}`;
}

/**
 * The activity of a contact, or of a company and its contacts: notes, tasks, meetings and deals,
 * and who changed which field of the contact, the company or a deal ('Ana cambió Teléfono a …';
 * two members changing one field: two entries), newest first, one server-paged query over the
 * timeline index (only the kinds the member may view). An e-mail's subject links to its
 * conversation on the contact's e-mails page.
 */
export function Timeline({ by, id }: { by: 'contact' | 'company'; id: string }) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const organizationId = useOrgId();
  const { can } = useMembership();
  const kinds = TIMELINE_KINDS.filter((kind) => can(TIMELINE_KIND_RESOURCE[kind], 'view'));
  const list = usePagedList(
    kinds.length
      ? by === 'contact'
        ? orgRequest(organizationId, 'timeline.byContact', { contactId: id, kind: kinds })
        : orgRequest(organizationId, 'timeline.byCompany', { companyId: id, kind: kinds })
      : null,
  );
  const now = Date.now();
  const members = useMembers();

  /**
   * A field edit: 'Ana cambió Teléfono a +504 9999-8888', 'Ana borró Teléfono'; a company or a
   * contact link changed says no value (resolving it would cost a read per entry).
   */
  const change = (entry: WithId<TimelineEntry>) => {
    const field = entry.title;
    const name =
      members.data?.find((member) => member.id === entry.createdBy)?.fullName ??
      (members.status === 'loading' ? '…' : t('contactConsent.formerMember'));
    const at = millisOf(entry.at);
    const value =
      entry.amount !== null
        ? field === 'amount'
          ? formatMoney(entry.amount, language, Number.isInteger(entry.amount) ? 0 : 2)
          : `${entry.amount} %`
        : at !== null
          ? formatDate(at, language, datePreferences)
          : entry.detail === null
            ? null
            : field === 'isCustomer'
              ? t(entry.detail === 'true' ? 'timeline.change.yes' : 'timeline.change.no')
              : field === 'ownerId'
                ? (members.data?.find((member) => member.id === entry.detail)?.fullName ?? '')
                : FIELD_ENUMS[field]
                  ? enumLabel(tc, FIELD_ENUMS[field], entry.detail as never)
                  : field.endsWith('Id')
                    ? ''
                    : entry.detail;
    const options = { name, field: t(fieldLabelKey(entry.kind, field) as never), value };
    return value === null
      ? t('timeline.change.cleared', options)
      : value
        ? t('timeline.change.to', options)
        : t('timeline.change.changed', options);
  };

  const detail = (entry: WithId<TimelineEntry>) => {
    if (isChangeKind(entry.kind)) return '';
    const at = millisOf(entry.at);
    const parts: string[] = [];
    if (entry.kind === 'deal' && entry.amount !== null) parts.push(formatMoney(entry.amount, language));
    if (at !== null) {
      const when = formatDateTime(at, language, datePreferences);
      parts.push(
        entry.kind === 'task'
          ? t('timeline.due', { when })
          : entry.kind === 'deal'
            ? t('timeline.closes', { when })
            : when,
      );
    }
    return parts.join(' · ');
  };
  const chip = (entry: WithId<TimelineEntry>) => {
    if (!entry.detail) return null;
    if (entry.kind === 'task') return <StatusChip enumName="taskStatus" value={entry.detail as never} />;
    if (entry.kind === 'meeting')
      return <StatusChip enumName="meetingStatus" value={entry.detail as never} />;
    if (entry.kind === 'deal') return <StatusChip enumName="dealStage" value={entry.detail as never} />;
    if (entry.kind === 'consent')
      return <StatusChip enumName="consentStatus" value={entry.detail as never} />;
    if (entry.kind === 'email' || entry.kind === 'whatsapp')
      return (
        <Chip
          size="small"
          variant="outlined"
          color={entry.detail === 'in' ? 'info' : 'default'}
          label={t(entry.detail === 'in' ? 'timeline.email.in' : 'timeline.email.out')}
          // info.dark: info.main is under AA on white for the chip's small text.
          sx={{ fontWeight: 600, color: entry.detail === 'in' ? 'info.dark' : undefined }}
        />
      );
    if (entry.kind === 'submission')
      return (
        <Chip
          size="small"
          variant="outlined"
          color={entry.detail === 'created' ? 'success' : 'default'}
          label={t(
            entry.detail === 'created' ? 'timeline.submission.created' : 'timeline.submission.updated',
          )}
          sx={{ fontWeight: 600 }}
        />
      );
    return null;
  };

  return (
    <QueryState
      state={kinds.length ? list : { status: 'success', error: null }}
      isEmpty={!kinds.length || (list.status === 'success' && list.rows.length === 0 && list.page === 0)}
      empty={
        <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }} data-testid="empty-state">
          {t('timeline.empty')}
        </Typography>
      }
    >
      {/* Plain list markup with ListItem's look: MUI's List items would add ~1.5 KB to the record
          pages, which are at their 450 KB budget. */}
      <Box
        component="ul"
        aria-label={t('timeline.listLabel')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          bgcolor: 'background.paper',
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
        }}
      >
        {list.rows.map((entry) => {
          const Icon = ICONS[entry.kind];
          const created = millisOf(entry.createdAt);
          const dealTitle =
            entry.kind === 'dealEdit' &&
            list.rows.find((row) => row.kind === 'deal' && row.recordId === entry.recordId)?.title;
          return (
            <Box
              component="li"
              key={entry.id}
              sx={{ display: 'flex', px: 2, py: 1, '& + li': { borderTop: 1, borderColor: 'divider' } }}
            >
              {/* The entry's icon in a circle: Avatar's look, without its code. */}
              <Box
                aria-hidden="true"
                sx={{
                  flexShrink: 0,
                  width: 40,
                  height: 40,
                  mt: 0.5,
                  mr: 2,
                  borderRadius: '50%',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  bgcolor: 'action.selected',
                  color: 'text.primary',
                }}
              >
                <Icon fontSize="small" />
              </Box>
              <Box sx={{ flex: 1, minWidth: 0, my: 0.5 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ color: 'text.secondary', fontWeight: 700 }}
                  >
                    {entry.kind === 'contactEdit' && by === 'company' ? (
                      // Which contact: its page.
                      <Link component={RouterLink} to={sectionHref('contacts', { id: entry.recordId })}>
                        {t('timeline.kind.contactEdit')}
                      </Link>
                    ) : (
                      t(`timeline.kind.${entry.kind}`)
                    )}
                    {/* Which deal: its title when its own entry is on this page (no read). */}
                    {dealTitle && ` · ${dealTitle}`}
                  </Typography>
                  {chip(entry)}
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 'auto' }}>
                    {created === null ? tc('common.loading') : formatRelative(created, now, language)}
                  </Typography>
                </Box>
                <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}>
                  {entry.kind === 'whatsapp' && entry.contactId ? (
                    // The message on the contact's WhatsApp page.
                    <Link
                      component={RouterLink}
                      to={sectionHref('contacts', { id: entry.contactId, page: 'whatsapp' })}
                    >
                      {entry.title}
                    </Link>
                  ) : entry.kind === 'email' && entry.contactId ? (
                    // Its conversation on the contact's e-mails page ('': a private mailbox's).
                    <Link
                      component={RouterLink}
                      to={`${sectionHref('contacts', { id: entry.contactId, page: 'emails' })}?mensaje=${encodeURIComponent(entry.recordId)}`}
                    >
                      {entry.title || t('timeline.email.private')}
                    </Link>
                  ) : isChangeKind(entry.kind) ? (
                    change(entry)
                  ) : (
                    entry.title
                  )}
                </Typography>
                {detail(entry) && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {detail(entry)}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      {(list.hasNext || list.hasPrevious) && <Pager list={list as PagedList<unknown>} />}
    </QueryState>
  );
}
