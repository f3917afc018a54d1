const TOKEN_PATTERN = /^[A-Za-z0-9_-]{6,200}$/;

/**
 * Reads the invitation token from what an employee pastes: a full invite link
 * (https://app/invite/TOKEN), a path (/invite/TOKEN), a link with ?token=TOKEN,
 * or the bare token. Returns null when nothing usable is found.
 */
export function parseInviteToken(input: string): string | null {
  const value = input.trim();
  if (!value) return null;

  const fromPath = /(?:^|\/)invite\/([^/?#\s]+)/i.exec(value);
  if (fromPath) return validToken(safeDecode(fromPath[1]));

  const fromQuery = /[?&]token=([^&#\s]+)/i.exec(value);
  if (fromQuery) return validToken(safeDecode(fromQuery[1]));

  if (/[/:?#\s]/.test(value)) return null;
  return validToken(value);
}

function validToken(token: string): string | null {
  return TOKEN_PATTERN.test(token) ? token : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
