import CreateNewFolderRoundedIcon from '@mui/icons-material/CreateNewFolderRounded';
import FolderRoundedIcon from '@mui/icons-material/FolderRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  FOLDER_MAX_DEPTH,
  UPLOAD_MAX_BYTES,
  type DocumentFile,
  type Folder,
  type WithId,
} from '@trato/model';
import { useCan } from '@/components/Can';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/data/EmptyState';
import { QueryState } from '@/components/data/QueryState';
import { useMembers } from '@/components/useMembers';
import { PageHeader } from '@/components/page/PageHeader';
import { BackLink } from '@/components/records/BackLink';
import { NotFoundRecord } from '@/components/records/NotFoundRecord';
import { useErrorToast, useToast } from '@/components/toast';
import { orgRequest, useGrowingList, useOrgId, type GrowingList } from '@/firebase/dataApi';
import { formatFileSize } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { DocumentCard, FolderCard, GRID_SX } from './components/DocumentCards';
import type { ShareTarget } from './components/ShareDialog';
import { UploadsPanel } from './components/UploadsPanel';
import {
  deleteDocument,
  deleteFolder,
  downloadDocument,
  folderIsEmpty,
  useFolderTrail,
  useUploads,
  type UploadItem,
} from './hooks/useDocuments';
import { sectionHref } from '@/app/sections';
import { NeedsConnectionNote, useOffline } from '@/components/NeedsConnection';

const PAGE = 24;
/** '25 MB': the limit reads as a round number, not as a file size ('25.00 MB'). */
const UPLOAD_LIMIT = `${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;
// The form (formik, yup) loads when the dialog first opens.
const FolderDialog = lazyWithPrefetch(() =>
  import('./components/FolderDialog').then((m) => ({ default: m.FolderDialog })),
);
// Sharing with a contact (issue 34): the dialog with its contact picker loads when first opened.
const ShareDialog = lazyWithPrefetch(() =>
  import('./components/ShareDialog').then((m) => ({ default: m.ShareDialog })),
);

/** A grid of cards with 'Mostrar más' when more match than are shown. */
function CardSection<T>({
  title,
  list,
  render,
}: {
  title: string;
  list: GrowingList<T>;
  render: (row: WithId<T>) => ReactNode;
}) {
  const { t } = useTranslation('documents');
  if (!list.rows.length) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography component="h2" variant="overline" sx={{ color: 'text.secondary', display: 'block', mb: 1 }}>
        {title}
      </Typography>
      <Box sx={GRID_SX}>{list.rows.map(render)}</Box>
      {list.hasMore && (
        <Button onClick={list.loadMore} sx={{ mt: 1 }}>
          {t('more')}
        </Button>
      )}
    </Box>
  );
}

/**
 * /documentos (?folder=id): the folders and documents of one level, newest first, a breadcrumb
 * and 'Volver' inside a folder, 'Nueva Carpeta', and uploads by the file picker or by dropping
 * files on the page, each with its progress and cancel; a file's or folder's menu shares it with a
 * contact on the customer portal (issue 34).
 */
export default function DocumentsPage() {
  const offline = useOffline();
  usePrefetchWhenIdle(FolderDialog);
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const { toast } = useToast();
  const showError = useErrorToast();
  const organizationId = useOrgId();
  const [params] = useSearchParams();
  const folderId = params.get('folder') || null;
  const canCreate = useCan('documents', 'create');
  const canDelete = useCan('documents', 'delete');
  const canShare = useCan('documents', 'edit');

  const trail = useFolderTrail(organizationId, folderId);
  const folders = useGrowingList(
    orgRequest(organizationId, 'folders.byParent', { parentId: folderId }),
    PAGE,
  );
  const documents = useGrowingList(orgRequest(organizationId, 'documents.byFolder', { folderId }), PAGE);
  const members = useMembers();
  const names = useMemo(
    () => new Map((members.data ?? []).map((member) => [member.id, member.fullName])),
    [members.data],
  );

  const [creatingFolder, setCreatingFolder] = useState(false);
  const [deletingFolder, setDeletingFolder] = useState<WithId<Folder> | null>(null);
  const [deletingDocument, setDeletingDocument] = useState<WithId<DocumentFile> | null>(null);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const uploads = useUploads(organizationId);

  const settled = useCallback(
    (item: UploadItem) => {
      if (item.status === 'done')
        toast({ title: t('uploads.uploaded', { count: 1 }), description: item.name, variant: 'success' });
      else if (item.status === 'error') showError(item.error, t('uploads.error'));
    },
    [showError, t, toast],
  );

  const upload = (files: File[]) => {
    if (!files.length) return;
    const refused = uploads.start(files, { folderId, hasFolders: folders.rows.length > 0 }, settled);
    const max = UPLOAD_LIMIT;
    if (refused.some((r) => r.refusal === 'noFolder'))
      toast({ title: t('refused.noFolder'), description: t('refused.noFolderBody'), variant: 'destructive' });
    for (const { file } of refused.filter((r) => r.refusal === 'tooLarge'))
      toast({
        title: t('refused.tooLarge'),
        description: t('refused.tooLargeBody', {
          name: file.name,
          size: formatFileSize(file.size, language),
          max,
        }),
        variant: 'destructive',
      });
  };

  const download = useCallback(
    (document: WithId<DocumentFile>) =>
      void downloadDocument(document).catch((error: unknown) =>
        showError(error, t('document.downloadError')),
      ),
    [showError, t],
  );
  const shareFolder = useCallback(
    (folder: WithId<Folder>) => setSharing({ type: 'folder', id: folder.id, name: folder.name }),
    [],
  );
  const shareDocument = useCallback(
    (document: WithId<DocumentFile>) =>
      setSharing({ type: 'document', id: document.id, name: document.fileName }),
    [],
  );
  const askDeleteFolder = useCallback(
    async (folder: WithId<Folder>) => {
      try {
        if (await folderIsEmpty(organizationId, folder.id)) setDeletingFolder(folder);
        else
          toast({
            title: t('folder.notEmpty'),
            description: t('folder.notEmptyBody'),
            variant: 'destructive',
          });
      } catch (error) {
        showError(error, t('folder.deleteError'));
      }
    },
    [organizationId, showError, t, toast],
  );

  // Dropping files anywhere on the page uploads them to the folder shown.
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const dropProps = canCreate
    ? {
        onDragOver: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(false);
          upload([...event.dataTransfer.files]);
        },
      }
    : {};

  if (trail.missing)
    return (
      <NotFoundRecord
        title={t('folderNotFound')}
        body={t('empty.folderBody')}
        backLabel={t('back')}
        backTo={sectionHref('documents')}
      />
    );

  const current = trail.trail.at(-1) ?? null;
  const parentLink = sectionHref('documents', { query: { folder: current?.parentId } });
  const tooDeep = trail.trail.length >= FOLDER_MAX_DEPTH;
  const state =
    folders.status === 'error'
      ? folders
      : documents.status === 'error'
        ? documents
        : documents.status === 'loading' || folders.status === 'loading'
          ? { status: 'loading' as const, error: null }
          : documents;
  const isEmpty = !folders.rows.length && !documents.rows.length;

  return (
    <Box {...dropProps} sx={{ position: 'relative', minHeight: '60vh' }}>
      <PageHeader
        before={folderId ? <BackLink to={parentLink} label={t('back')} /> : undefined}
        title={current?.name ?? t('title')}
        actions={
          canCreate && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Tooltip title={tooDeep ? t('folder.tooDeep', { count: FOLDER_MAX_DEPTH }) : ''} describeChild>
                <span>
                  <Button
                    variant="outlined"
                    startIcon={<CreateNewFolderRoundedIcon />}
                    onClick={() => setCreatingFolder(true)}
                    disabled={tooDeep}
                  >
                    {t('newFolder')}
                  </Button>
                </span>
              </Tooltip>
              <Button
                variant="contained"
                startIcon={<UploadFileRoundedIcon />}
                onClick={() => picker.current?.click()}
                disabled={offline}
              >
                {t('upload')}
              </Button>
              <NeedsConnectionNote sx={{ alignSelf: 'center' }} />
              <input
                ref={picker}
                type="file"
                multiple
                hidden
                data-testid="upload-input"
                onChange={(event) => {
                  upload([...(event.target.files ?? [])]);
                  event.target.value = ''; // the same file can be chosen again
                }}
              />
            </Stack>
          )
        }
        subtitle={
          folderId ? (
            <Breadcrumbs aria-label={t('breadcrumb')} sx={{ fontSize: '0.875rem' }}>
              <Link component={RouterLink} to={sectionHref('documents')} underline="hover" color="inherit">
                {t('root')}
              </Link>
              {trail.trail.map((folder, index) =>
                index === trail.trail.length - 1 ? (
                  <Typography
                    key={folder.id}
                    sx={{ fontSize: 'inherit', color: 'text.primary' }}
                    aria-current="page"
                  >
                    {folder.name}
                  </Typography>
                ) : (
                  <Link
                    key={folder.id}
                    component={RouterLink}
                    to={sectionHref('documents', { query: { folder: folder.id } })}
                    underline="hover"
                    color="inherit"
                  >
                    {folder.name}
                  </Link>
                ),
              )}
            </Breadcrumbs>
          ) : canCreate ? (
            `${t('limit', { size: UPLOAD_LIMIT })} · ${t('dropHere')}`
          ) : undefined
        }
      />
      <UploadsPanel items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      <QueryState
        state={state}
        loadingLabel={t('loading')}
        errorTitle={t('loadError')}
        isEmpty={isEmpty}
        empty={
          !canCreate ? (
            <EmptyState icon={FolderRoundedIcon} title={t('empty.noRights')} />
          ) : folderId ? (
            <EmptyState
              icon={FolderRoundedIcon}
              title={t('empty.folderTitle')}
              body={t('empty.folderBody')}
            />
          ) : (
            <EmptyState
              icon={FolderRoundedIcon}
              title={t('empty.rootTitle')}
              body={t('empty.rootBody')}
              action={{ label: t('empty.rootAction'), onClick: () => setCreatingFolder(true) }}
            />
          )
        }
      >
        <CardSection
          title={t('folders')}
          list={folders}
          render={(folder) => (
            <FolderCard
              key={folder.id}
              folder={folder}
              onDelete={canDelete && ((f) => void askDeleteFolder(f))}
              onShare={canShare && shareFolder}
            />
          )}
        />
        <CardSection
          title={t('files')}
          list={documents}
          render={(document) => (
            <DocumentCard
              key={document.id}
              document={document}
              uploader={names.get(document.createdBy) ?? t('document.unknownMember')}
              onDownload={download}
              onDelete={canDelete && setDeletingDocument}
              onShare={canShare && shareDocument}
            />
          )}
        />
      </QueryState>
      {dragging && (
        <Box
          aria-hidden="true"
          sx={{
            position: 'absolute',
            inset: 0,
            border: '2px dashed',
            borderColor: 'primary.main',
            borderRadius: 3,
            bgcolor: 'rgba(67, 56, 202, 0.06)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
          }}
        >
          <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{t('dropHint')}</Typography>
        </Box>
      )}
      {creatingFolder && (
        <Suspense fallback={null}>
          <FolderDialog
            organizationId={organizationId}
            parentId={folderId}
            onClose={() => setCreatingFolder(false)}
          />
        </Suspense>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog organizationId={organizationId} target={sharing} onClose={() => setSharing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={Boolean(deletingFolder)}
        title={t('folder.deleteTitle')}
        body={t('folder.deleteBody', { name: deletingFolder?.name ?? '' })}
        confirmLabel={tc('common.actions.delete')}
        errorTitle={t('folder.deleteError')}
        onClose={() => setDeletingFolder(null)}
        onConfirm={async () => {
          if (!deletingFolder) return;
          await deleteFolder(organizationId, deletingFolder.id);
          toast({ title: t('folder.deleted'), variant: 'success' });
        }}
      />
      <ConfirmDialog
        open={Boolean(deletingDocument)}
        title={t('document.deleteTitle')}
        body={t('document.deleteBody', { name: deletingDocument?.fileName ?? '' })}
        confirmLabel={tc('common.actions.delete')}
        errorTitle={t('document.deleteError')}
        onClose={() => setDeletingDocument(null)}
        onConfirm={async () => {
          if (!deletingDocument) return;
          await deleteDocument(organizationId, deletingDocument);
          toast({ title: t('document.deleted'), variant: 'success' });
        }}
      />
    </Box>
  );
}
