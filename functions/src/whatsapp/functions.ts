// The WhatsApp channel's callables (issue 33); the webhook is webhook.ts.
import { onCall } from 'firebase-functions/v2/https';

import { db } from '../common/admin.js';
import { requireCaller } from '../common/caller.js';
import { connectWhatsAppCore, disconnectWhatsAppCore, setWhatsAppSettingsCore } from './channel.js';
import { graphConfig, WHATSAPP_SECRETS } from './graph.js';
import { sendWhatsAppCore } from './send.js';
import { createWaTemplateCore, deleteWaTemplateCore, syncWaTemplatesCore } from './templates.js';

const withSecrets = { secrets: WHATSAPP_SECRETS };

export const connectWhatsApp = onCall(withSecrets, (request) =>
  connectWhatsAppCore(db, graphConfig(), requireCaller(request.auth), request.data),
);
export const disconnectWhatsApp = onCall(withSecrets, (request) =>
  disconnectWhatsAppCore(db, graphConfig(), requireCaller(request.auth), request.data),
);
export const setWhatsAppSettings = onCall((request) =>
  setWhatsAppSettingsCore(db, requireCaller(request.auth), request.data),
);
export const createWaTemplate = onCall(withSecrets, (request) =>
  createWaTemplateCore(db, graphConfig(), requireCaller(request.auth), request.data),
);
export const deleteWaTemplate = onCall(withSecrets, (request) =>
  deleteWaTemplateCore(db, graphConfig(), requireCaller(request.auth), request.data),
);
export const syncWaTemplates = onCall(withSecrets, (request) =>
  syncWaTemplatesCore(db, graphConfig(), requireCaller(request.auth), request.data),
);
export const sendWhatsApp = onCall(withSecrets, (request) =>
  sendWhatsAppCore(db, graphConfig(), requireCaller(request.auth), request.data),
);
