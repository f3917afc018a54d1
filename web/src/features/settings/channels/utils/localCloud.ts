import { resolveFirebaseConfig, type ResolvedFirebaseConfig } from '@/firebase/config';
import { localWhatsAppUrl, whatsappWebhookUrl } from './webhook';

export interface WhatsAppSetup {
  /** The address Meta's webhook calls. */
  webhookUrl: string;
  /** The local WhatsApp's page when the app runs on the local cloud, else null. */
  localPage: string | null;
}

let cached: WhatsAppSetup | null = null;

/** The webhook address and, on the local cloud, the local WhatsApp's page (from the web's config). */
export function whatsappSetup(
  config: ResolvedFirebaseConfig = resolveFirebaseConfig(import.meta.env),
  localHost: string | undefined = import.meta.env.VITE_WHATSAPP_EMULATOR_HOST,
): WhatsAppSetup {
  return {
    webhookUrl: whatsappWebhookUrl(config),
    localPage: config.emulators ? localWhatsAppUrl(localHost) : null,
  };
}

/** The app's own setup, worked out once. */
export function appWhatsAppSetup(): WhatsAppSetup {
  cached ??= whatsappSetup();
  return cached;
}
