import ArchiveRoundedIcon from '@mui/icons-material/ArchiveRounded';
import ArticleRoundedIcon from '@mui/icons-material/ArticleRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import FolderRoundedIcon from '@mui/icons-material/FolderRounded';
import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import InsertDriveFileRoundedIcon from '@mui/icons-material/InsertDriveFileRounded';
import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import SlideshowRoundedIcon from '@mui/icons-material/SlideshowRounded';
import TableChartRoundedIcon from '@mui/icons-material/TableChartRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentFile, Folder, WithId } from '@trato/model';
import { editDeleteActions, RowActions } from '@/components/data/RowActions';
import { formatFileSize, formatShortDate, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { fileKindOf, type FileKind } from '../utils/upload';
import { sectionHref } from '@/app/sections';
import { useDatePreferences } from '@/firebase/dataApi';

const KIND_ICON: Record<FileKind, { icon: SvgIconComponent; color: string }> = {
  pdf: { icon: PictureAsPdfRoundedIcon, color: '#DC2626' },
  image: { icon: ImageRoundedIcon, color: '#7C3AED' },
  sheet: { icon: TableChartRoundedIcon, color: '#16A34A' },
  doc: { icon: DescriptionRoundedIcon, color: '#2563EB' },
  slides: { icon: SlideshowRoundedIcon, color: '#EA580C' },
  archive: { icon: ArchiveRoundedIcon, color: '#92400E' },
  text: { icon: ArticleRoundedIcon, color: '#475569' },
  other: { icon: InsertDriveFileRoundedIcon, color: '#64748B' },
};

/** Cards in a grid that fills the width: one column on phones (names stay readable), more above. */
export const GRID_SX = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
} as const;

/** A name on at most two lines, cut with an ellipsis (its full text in the tooltip). */
const TWO_LINES = {
  fontWeight: 600,
  minWidth: 0,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

/** A folder: opens it; its menu shares it with a contact and deletes it, for members who may. */
export const FolderCard = memo(function FolderCard({
  folder,
  onDelete,
  onShare,
}: {
  folder: WithId<Folder>;
  onDelete: ((folder: WithId<Folder>) => void) | false;
  /** 'Compartir con un contacto' (issue 34), for members with documents.edit. */
  onShare: ((folder: WithId<Folder>) => void) | false;
}) {
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation();
  return (
    <Card variant="outlined" sx={{ display: 'flex', alignItems: 'center' }} data-folder-id={folder.id}>
      <CardActionArea
        component={Link}
        to={sectionHref('documents', { query: { folder: folder.id } })}
        aria-label={t('folder.open', { name: folder.name })}
        sx={{ display: 'flex', justifyContent: 'flex-start', gap: 1.5, p: 1.5, minWidth: 0, flex: 1 }}
      >
        <FolderRoundedIcon sx={{ color: '#F59E0B', flexShrink: 0 }} aria-hidden="true" />
        <Typography sx={TWO_LINES} title={folder.name}>
          {folder.name}
        </Typography>
      </CardActionArea>
      <Box sx={{ pr: 0.5 }}>
        <RowActions
          label={t('folder.menu', { name: folder.name })}
          actions={[
            ...(onShare ? [{ label: t('share.action'), onClick: () => onShare(folder) }] : []),
            ...editDeleteActions(tc, false, onDelete && (() => onDelete(folder))),
          ]}
        />
      </Box>
    </Card>
  );
});

/**
 * A document: its type, name, size, uploader and date, with download and (if permitted) delete,
 * and a menu to share it with a contact (issue 34).
 */
export const DocumentCard = memo(function DocumentCard({
  document,
  uploader,
  onDownload,
  onDelete,
  onShare,
}: {
  document: WithId<DocumentFile>;
  uploader: string;
  onDownload: (document: WithId<DocumentFile>) => void;
  onDelete: ((document: WithId<DocumentFile>) => void) | false;
  onShare: ((document: WithId<DocumentFile>) => void) | false;
}) {
  const { t } = useTranslation('documents');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const kind = KIND_ICON[fileKindOf(document.mimeType, document.fileName)];
  const created = millisOf(document.createdAt);
  return (
    <Card
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
      data-document-id={document.id}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
        <kind.icon sx={{ color: kind.color, fontSize: 32, flexShrink: 0 }} aria-hidden="true" />
        <Typography sx={TWO_LINES} title={document.fileName}>
          {document.fileName}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {t('document.meta', {
          size: formatFileSize(document.size, language),
          by: uploader,
          date: created === null ? '…' : formatShortDate(created, language, datePreferences),
        })}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, mt: 'auto' }}>
        <Tooltip title={t('document.download', { name: document.fileName })}>
          <IconButton
            size="small"
            aria-label={t('document.download', { name: document.fileName })}
            onClick={() => onDownload(document)}
          >
            <DownloadRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {onShare && (
          <RowActions
            label={t('document.menu', { name: document.fileName })}
            actions={[{ label: t('share.action'), onClick: () => onShare(document) }]}
          />
        )}
        {onDelete && (
          <Tooltip title={t('document.delete', { name: document.fileName })}>
            <IconButton
              size="small"
              color="error"
              aria-label={t('document.delete', { name: document.fileName })}
              onClick={() => onDelete(document)}
            >
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </Card>
  );
});
