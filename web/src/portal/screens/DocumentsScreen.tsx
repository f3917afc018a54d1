import { useCallback, useEffect, useState } from 'react';
import { formatFileSize, formatShortDate } from '@/i18n/format';
import {
  getSharedDocument,
  listFolderDocuments,
  listShares,
  type PortalDocument,
  type PortalShare,
} from '../firebase/data';
import { usePortal } from '../context';
import { errorMessageKey, isAccessDenied } from '../errors';
import { usePortalT } from '../i18n';
import { DownloadButton } from '../components/files';
import { Loading, Notice, PageHeading } from '../components/ui';

/** A share with what it points to: a file, or a folder's files (null: deleted since). */
interface ShareEntry {
  share: PortalShare;
  files: PortalDocument[] | null;
}

type State =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; entries: ShareEntry[] };

function FileRow({ file }: { file: PortalDocument }) {
  const { language } = usePortalT();
  return (
    <li className="p-file-row">
      <span className="p-file-name">{file.fileName}</span>
      <span className="p-muted">{formatFileSize(file.size, language)}</span>
      <DownloadButton path={file.storagePath} name={file.fileName} />
    </li>
  );
}

/**
 * 'Documentos': what the organization shared with the customer, newest first — a file with
 * 'Descargar', a folder with its files, each with 'Descargar' (Storage loads when pressed).
 */
export function DocumentsScreen() {
  const { t, language } = usePortalT();
  const { session, checkAccess } = usePortal();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    const org = session.organizationId;
    try {
      const shares = await listShares(org, session.contactId);
      const entries = await Promise.all(
        shares.map(async (share): Promise<ShareEntry> => {
          try {
            if (share.targetType === 'folder')
              return { share, files: await listFolderDocuments(org, share.targetId) };
            const file = await getSharedDocument(org, share.targetId);
            return { share, files: file ? [file] : null };
          } catch (error) {
            // Unshared or deleted since the list was read: shown as no longer available.
            if (isAccessDenied(error)) return { share, files: null };
            throw error;
          }
        }),
      );
      setState({ kind: 'ready', entries });
    } catch (error) {
      if (!(await checkAccess(error))) setState({ kind: 'failed', message: t(errorMessageKey(error)) });
    }
  }, [session.organizationId, session.contactId, checkAccess, t]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="p-stack">
      <PageHeading>{t('documents.title')}</PageHeading>
      {state.kind === 'loading' ? <Loading label={t('documents.loading')} /> : null}
      {state.kind === 'failed' ? (
        <Notice
          tone="error"
          action={
            <button
              type="button"
              className="p-button p-button-outlined"
              onClick={() => {
                setState({ kind: 'loading' });
                void load();
              }}
            >
              {t('app.retry')}
            </button>
          }
        >
          {t('documents.failed')} {state.message}
        </Notice>
      ) : null}
      {state.kind === 'ready' && state.entries.length === 0 ? (
        <div className="p-empty">
          <p className="p-empty-title">{t('documents.empty')}</p>
        </div>
      ) : null}
      {state.kind === 'ready' && state.entries.length > 0 ? (
        <ul className="p-list">
          {state.entries.map(({ share, files }) => (
            <li key={share.id} className="p-share">
              {share.targetType === 'folder' ? (
                <section aria-labelledby={`p-share-${share.id}`}>
                  <h2 id={`p-share-${share.id}`} className="p-share-title">
                    <span className="p-muted">{t('documents.folder')}:</span> {share.targetName}
                  </h2>
                  {share.createdAt !== null ? (
                    <p className="p-muted">
                      {t('documents.shared', { date: formatShortDate(share.createdAt, language) })}
                    </p>
                  ) : null}
                  {files === null || files.length === 0 ? (
                    <p className="p-muted">{t('documents.folderEmpty')}</p>
                  ) : (
                    <ul className="p-files-in-folder">
                      {files.map((file) => (
                        <FileRow key={file.id} file={file} />
                      ))}
                    </ul>
                  )}
                </section>
              ) : files && files[0] ? (
                <ul className="p-files-in-folder">
                  <FileRow file={files[0]} />
                </ul>
              ) : (
                <p className="p-muted">{t('documents.gone', { name: share.targetName })}</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
