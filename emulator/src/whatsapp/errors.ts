/**
 * Graph API errors: the envelope `{error: {message, type, code, error_subcode?, error_data?,
 * error_user_title?, error_user_msg?, is_transient?, fbtrace_id}}` with the HTTP status Graph
 * uses (400 for most, 401 for tokens, 403 for permissions, 429 for rate limits), and the Cloud API
 * codes the local WhatsApp produces.
 */
import { fbtraceId } from './ids.js';

export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  error_data?: { messaging_product: 'whatsapp'; details: string };
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id: string;
}

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: Omit<GraphErrorBody, 'fbtrace_id'>,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }

  toJSON(): { error: GraphErrorBody } {
    return { error: { ...this.body, fbtrace_id: fbtraceId() } };
  }
}

const whatsapp = (details: string) => ({ messaging_product: 'whatsapp' as const, details });

/** 190: a missing, unknown or revoked token (401 with Graph's WWW-Authenticate). */
export function invalidToken(missing: boolean): GraphError {
  const message = missing
    ? 'An access token is required to request this resource.'
    : 'Invalid OAuth access token - Cannot parse access token';
  return new GraphError(
    401,
    { message, type: 'OAuthException', code: 190 },
    { 'WWW-Authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"` },
  );
}

/** 100 / 33: an id that does not exist, or that this token cannot see (Graph does not tell which). */
export function unknownObject(method: string, id: string): GraphError {
  return new GraphError(400, {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });
}

/** 200: the token is valid but does not own that WABA or phone number. */
export function permissionError(id: string): GraphError {
  return new GraphError(403, {
    message: '(#200) Permissions error',
    type: 'OAuthException',
    code: 200,
    error_data: whatsapp(`The access token does not have permission to use the object with ID ${id}.`),
  });
}

/** 100: a missing or invalid parameter; `details` says which and why. */
export function invalidParameter(
  details: string,
  extra: { subcode?: number; userTitle?: string; userMsg?: string } = {},
): GraphError {
  return new GraphError(400, {
    message: 'Invalid parameter',
    type: 'OAuthException',
    code: 100,
    ...(extra.subcode !== undefined ? { error_subcode: extra.subcode } : {}),
    ...(extra.userTitle
      ? { error_user_title: extra.userTitle, error_user_msg: extra.userMsg ?? details }
      : {}),
    ...(extra.subcode !== undefined ? { is_transient: false } : {}),
    error_data: whatsapp(details),
  });
}

/** A Cloud API error (131xxx, 132xxx, 130429…): `message` is the code's title. */
export function cloudApiError(code: number, details?: string, status?: number, title?: string): GraphError {
  const known = CLOUD_API_ERRORS[code];
  return new GraphError(status ?? known?.status ?? 400, {
    message: title ?? known?.title ?? 'Injected failure',
    type: 'OAuthException',
    code,
    error_data: whatsapp(details ?? known?.details ?? 'A failure the local WhatsApp was asked to produce.'),
  });
}

/** The Cloud API codes this stand-in knows: title, the usual details and HTTP status. */
export const CLOUD_API_ERRORS: Record<number, { title: string; details: string; status: number }> = {
  4: {
    title: 'Application request limit reached',
    details: 'The app has reached its API call rate limit.',
    status: 429,
  },
  80007: {
    title: 'Rate limit issues',
    details: 'The WhatsApp Business Account has reached its rate limit.',
    status: 429,
  },
  130429: {
    title: 'Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
    status: 429,
  },
  131056: {
    title: '(Business Account, Consumer Account) pair rate limit hit',
    details:
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
    status: 429,
  },
  131000: {
    title: 'Something went wrong',
    details: 'Message failed to send due to an unknown error.',
    status: 500,
  },
  131016: {
    title: 'Service unavailable',
    details: 'A service is temporarily unavailable. Please try again later.',
    status: 503,
  },
  131026: {
    title: 'Message undeliverable',
    details:
      'Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number.',
    status: 400,
  },
  131031: {
    title: 'Account has been locked',
    details: 'The WhatsApp Business Account is restricted or disabled for violating a platform policy.',
    status: 400,
  },
  131047: {
    title: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    status: 400,
  },
  131048: {
    title: 'Spam rate limit hit',
    details:
      'Message failed to send because there are restrictions on how many messages can be sent from this phone number.',
    status: 400,
  },
  131051: {
    title: 'Unsupported message type',
    details: 'Message type is not currently supported.',
    status: 400,
  },
  132000: {
    title: 'Number of parameters does not match the expected number of params',
    details:
      'The number of variable parameter values included in the request did not match the number of variable parameters defined in the template.',
    status: 400,
  },
  132001: {
    title: 'Template name does not exist in the translation',
    details: 'The template does not exist in the specified language or the template has not been approved.',
    status: 400,
  },
  132015: {
    title: 'Template is paused',
    details: 'Template is paused due to low quality so it cannot be sent in a template message.',
    status: 400,
  },
  132016: {
    title: 'Template is disabled',
    details: 'Template has been paused too many times due to low quality and is now permanently disabled.',
    status: 400,
  },
};
