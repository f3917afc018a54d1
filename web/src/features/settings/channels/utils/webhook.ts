import type { ResolvedFirebaseConfig } from '@/firebase/config';

/** The HTTPS function that takes Meta's webhook (functions/src/whatsapp). */
export const WHATSAPP_WEBHOOK_FUNCTION = 'whatsappWebhook';

/** The local WhatsApp (emulator/src/whatsapp): its developer page, unless VITE_WHATSAPP_EMULATOR_HOST says otherwise. */
export const DEFAULT_LOCAL_WHATSAPP_HOST = '127.0.0.1:9650';

/** The local WhatsApp's default number, as its page shows it (what a developer types to connect). */
export const LOCAL_WHATSAPP_NUMBER = {
  phoneNumberId: '100000000000011',
  wabaId: '100000000000010',
  accessToken: 'EAATRATOLOCAL000000000000000000000',
} as const;

/**
 * The address to give Meta as the webhook's callback URL, from the web's Firebase config: in
 * production `https://{region}-{projectId}.cloudfunctions.net/whatsappWebhook` (2nd gen functions
 * keep that address); on the local cloud, the Functions emulator's
 * `http://{host}:{port}/{projectId}/{region}/whatsappWebhook`.
 */
export function whatsappWebhookUrl(
  config: Pick<ResolvedFirebaseConfig, 'options' | 'functionsRegion' | 'emulators'>,
): string {
  const projectId = config.options.projectId ?? '';
  const region = config.functionsRegion;
  if (config.emulators) {
    const { host, port } = config.emulators.functions;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    return `http://${shownHost}:${port}/${projectId}/${region}/${WHATSAPP_WEBHOOK_FUNCTION}`;
  }
  return `https://${region}-${projectId}.cloudfunctions.net/${WHATSAPP_WEBHOOK_FUNCTION}`;
}

/** The local WhatsApp's page (only meaningful on the local cloud). */
export function localWhatsAppUrl(host: string | undefined): string {
  return `http://${host?.trim() || DEFAULT_LOCAL_WHATSAPP_HOST}/`;
}
