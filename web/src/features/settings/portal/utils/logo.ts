import { PORTAL_LOGO_MAX_CHARS, PORTAL_LOGO_SIZE, PORTAL_LOGO_TYPES } from '@trato/model';

export type LogoProblem = 'type' | 'read' | 'tooLarge';

export class LogoError extends Error {
  constructor(readonly problem: LogoProblem) {
    super(problem);
  }
}

/** The size a logo is drawn at: its longest side PORTAL_LOGO_SIZE px at most, never enlarged. */
export function logoSize(
  width: number,
  height: number,
  max = PORTAL_LOGO_SIZE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a file may be a logo (PNG, JPEG or WebP). */
export function isLogoType(type: string): boolean {
  return (PORTAL_LOGO_TYPES as readonly string[]).includes(type);
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new LogoError('read'));
    };
    image.src = url;
  });
}

/**
 * A logo as the portal keeps it: drawn on a canvas at PORTAL_LOGO_SIZE px on its longest side and
 * re-encoded as a data URL (PNG keeps transparency; WebP, then JPEG, when PNG is too long), at most
 * PORTAL_LOGO_MAX_CHARS characters. Rejects with a LogoError.
 */
export async function resizeLogo(file: File): Promise<string> {
  if (!isLogoType(file.type)) throw new LogoError('type');
  const image = await loadImage(file);
  const { width, height } = logoSize(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new LogoError('read');
  context.drawImage(image, 0, 0, width, height);
  for (const [type, quality] of [
    ['image/png', undefined],
    ['image/webp', 0.9],
    ['image/jpeg', 0.85],
    ['image/jpeg', 0.6],
  ] as const) {
    const url = canvas.toDataURL(type, quality);
    // A browser without the type answers PNG: only a URL of the type asked for counts.
    if (url.startsWith(`data:${type};`) && url.length <= PORTAL_LOGO_MAX_CHARS) return url;
  }
  throw new LogoError('tooLarge');
}
