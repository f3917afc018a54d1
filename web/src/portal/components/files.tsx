import { useId, useRef, useState } from 'react';
import {
  PORTAL_UPLOAD_MAX_BYTES,
  PORTAL_UPLOAD_TYPES,
  PORTAL_UPLOADS_PER_MESSAGE,
  type PortalAttachment,
} from '@trato/model';
import { formatFileSize } from '@/i18n/format';
import { usePortalT, type PortalT } from '../i18n';
import { addFiles, type FileProblem, type UploadProgress } from '../uploads';
import { usePortal } from '../context';

const loadStorage = () => import('../firebase/storage');

export function fileProblemText(t: PortalT, problem: FileProblem, language: 'es' | 'en'): string {
  return t(`files.${problem.problem}`, {
    name: problem.name,
    count: PORTAL_UPLOADS_PER_MESSAGE,
    size: formatFileSize(PORTAL_UPLOAD_MAX_BYTES, language),
  });
}

/** 'Adjuntar archivos': a native file input behind a label, the chosen files, what was refused. */
export function FilePicker({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { t, language } = usePortalT();
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  return (
    <div className="p-files">
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        className="p-visually-hidden"
        accept={PORTAL_UPLOAD_TYPES.join(',')}
        aria-describedby={helpId}
        disabled={disabled || files.length >= PORTAL_UPLOADS_PER_MESSAGE}
        onChange={(event) => {
          const added = Array.from(event.target.files ?? []);
          const result = addFiles(files, added);
          setProblems(result.problems);
          onChange(result.files);
          // The same file may be chosen again after being removed.
          event.target.value = '';
        }}
      />
      <label htmlFor={inputId} className="p-button p-button-outlined p-file-label">
        {t('files.choose')}
      </label>
      <p id={helpId} className="p-help">
        {t('files.help', {
          count: PORTAL_UPLOADS_PER_MESSAGE,
          size: formatFileSize(PORTAL_UPLOAD_MAX_BYTES, language),
        })}
      </p>
      {files.length > 0 ? (
        <ul className="p-file-list" aria-label={t('files.chosen')}>
          {files.map((file) => (
            <li key={`${file.name}:${file.size}`}>
              <span className="p-file-name">{file.name}</span>
              <span className="p-muted">{formatFileSize(file.size, language)}</span>
              <button
                type="button"
                className="p-button p-button-text p-button-small"
                disabled={disabled}
                aria-label={t('files.remove', { name: file.name })}
                onClick={() => {
                  onChange(files.filter((f) => f !== file));
                  setProblems([]);
                  input.current?.focus();
                }}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div role="alert">
        {problems.length > 0 ? (
          <ul className="p-errors">
            {problems.map((problem) => (
              <li key={`${problem.name}:${problem.problem}`}>{fileProblemText(t, problem, language)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** The uploads' progress bar with the file being sent. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const { t } = usePortalT();
  if (!progress || progress.total === 0) return null;
  const percent = Math.min(100, Math.round((progress.sent / progress.total) * 100));
  return (
    <div className="p-progress">
      <span>{t('files.uploading', { name: progress.fileName })}</span>
      <progress max={100} value={percent} aria-label={t('files.progress')}>
        {percent} %
      </progress>
    </div>
  );
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** 'Descargar': reads the file from Storage when pressed (the SDK loads then) and saves it. */
export function DownloadButton({ path, name }: { path: string; name: string }) {
  const { t } = usePortalT();
  const { checkAccess } = usePortal();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <span className="p-download">
      <button
        type="button"
        className="p-button p-button-outlined p-button-small"
        aria-label={t('files.downloadName', { name })}
        disabled={state === 'busy'}
        onClick={async () => {
          setState('busy');
          try {
            const { downloadPortalFile } = await loadStorage();
            saveBlob(await downloadPortalFile(path), name);
            setState('idle');
          } catch (error) {
            if (!(await checkAccess(error))) setState('failed');
          }
        }}
      >
        {t('files.download')}
      </button>
      <span role="status" className="p-download-status">
        {state === 'busy' ? t('files.downloading', { name }) : null}
      </span>
      <span role="alert" className="p-error-text">
        {state === 'failed' ? t('files.downloadFailed', { name }) : null}
      </span>
    </span>
  );
}

/** A ticket's or a reply's attachments, each with 'Descargar'. */
export function AttachmentList({ attachments, label }: { attachments: PortalAttachment[]; label?: string }) {
  const { language } = usePortalT();
  if (attachments.length === 0) return null;
  return (
    <ul className="p-attachments" aria-label={label}>
      {attachments.map((file) => (
        <li key={file.path}>
          <span className="p-file-name">{file.name}</span>
          <span className="p-muted">{formatFileSize(file.size, language)}</span>
          <DownloadButton path={file.path} name={file.name} />
        </li>
      ))}
    </ul>
  );
}
