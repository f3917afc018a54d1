/** The local Google's pages in Spanish and English (Trato's two languages). */

export type Lang = 'es' | 'en';

const TEXTS = {
  es: {
    localGoogle: 'Google local',
    testMode: 'Modo de prueba',
    signIn: 'Iniciar sesión con Google',
    chooseAccount: 'Elige una cuenta',
    toContinue: (app: string) => `para ir a ${app}`,
    otherAccount: 'Usar otra cuenta',
    otherAccountPlaceholder: 'correo@ejemplo.com',
    wantsAccess: (app: string) => `${app} quiere acceder a tu cuenta de Google`,
    willAllow: (app: string) => `Esto permitirá que ${app} haga lo siguiente:`,
    scopeNames: {
      'https://www.googleapis.com/auth/gmail.send': 'Enviar correo electrónico en tu nombre',
      'https://www.googleapis.com/auth/userinfo.email':
        'Ver la dirección de correo electrónico principal de tu cuenta de Google',
      'https://www.googleapis.com/auth/userinfo.profile': 'Ver tu información personal',
      'https://www.googleapis.com/auth/gmail.readonly':
        'Ver los mensajes y la configuración de tu correo electrónico',
      'https://www.googleapis.com/auth/gmail.metadata':
        'Ver los metadatos de tu correo electrónico, como etiquetas y encabezados, pero no el cuerpo del mensaje',
      openid: 'Asociarte con tu información personal en Google',
    } as Record<string, string>,
    allow: 'Permitir',
    deny: 'Denegar',
    trust: (app: string) =>
      `Asegúrate de que confías en ${app}. Puedes quitar el acceso cuando quieras desde el buzón local.`,
    localNote:
      'Esta página es el Google local de Trato: ninguna cuenta real interviene y ningún correo sale de este equipo.',
    emailInvalid: 'Escribe una dirección de correo válida o elige una cuenta.',
    blocked: 'Acceso bloqueado: error de autorización',
    errorLine: (status: number, code: string) => `Error ${status}: ${code}`,
    requestDetails: 'Detalles de la solicitud',
    developerHint: 'Si eres el desarrollador de la aplicación, revisa los parámetros de la solicitud.',
    mailboxTitle: 'Buzón local (Gmail)',
    mailboxIntro:
      'Los buzones de las cuentas del Google local: cada mensaje con sus etiquetas, del más reciente al más antiguo. Lo que se envía a una cuenta local llega a su bandeja de entrada; nada sale de este equipo.',
    noMessages: 'Todavía no hay mensajes.',
    from: 'De',
    to: 'Para',
    cc: 'Cc',
    bcc: 'Cco',
    subject: 'Asunto',
    date: 'Fecha',
    sentAt: 'Enviado',
    receivedAt: 'Recibido',
    account: 'Cuenta',
    text: 'Texto',
    htmlSource: 'HTML (código fuente, no se interpreta)',
    headers: 'Encabezados',
    attachments: 'Adjuntos',
    warnings: 'Avisos',
    raw: 'Mensaje original (.eml)',
    noSubject: '(sin asunto)',
    connections: 'Conexiones (tokens de actualización)',
    noConnections: 'Ninguna cuenta conectada.',
    client: 'Cliente',
    scopes: 'Permisos',
    created: 'Creada',
    status: 'Estado',
    active: 'activa',
    revoked: 'revocada',
    revoke: 'Revocar',
    controls: 'Controles de prueba',
    failNext429: 'Siguiente envío: 429 (cuota)',
    failNext500: 'Siguiente envío: 500',
    expireTokens: 'Caducar tokens de acceso',
    clearMailbox: 'Vaciar buzón',
    reset: 'Borrar todo',
    resetConfirm: '¿Borrar todos los mensajes, códigos y tokens?',
    pendingFailures: (n: number) => `Fallos pendientes: ${n}`,
    refresh: 'Actualizar',
    otherLang: 'English',
    labelNames: { SENT: 'Enviado', INBOX: 'Recibido', UNREAD: 'No leído' } as Record<string, string>,
    mailboxOf: (account: string) => `Buzón de ${account}`,
    messageCount: (n: number) => (n === 1 ? '1 mensaje' : `${n} mensajes`),
    replyAsRecipient: 'Responder como el destinatario',
    replyPlaceholder: 'Texto de la respuesta',
    reply: 'Responder',
    bounce: 'Rebotar',
    bounceHint:
      'Deja en la bandeja de entrada del remitente el aviso de Gmail de que la dirección no existe.',
    writeTitle: 'Escribir a una cuenta',
    writeHint:
      'Un correo de fuera que llega a la bandeja de entrada de la cuenta (INBOX, UNREAD), como lo recibiría Gmail.',
    writeFrom: 'De (dirección)',
    writeFromName: 'Nombre (opcional)',
    writeTo: 'Para (cuenta)',
    writeSend: 'Entregar',
    failNextRead429: 'Siguiente lectura: 429 (cuota)',
    error: 'Error',
  },
  en: {
    localGoogle: 'Local Google',
    testMode: 'Test mode',
    signIn: 'Sign in with Google',
    chooseAccount: 'Choose an account',
    toContinue: (app: string) => `to continue to ${app}`,
    otherAccount: 'Use another account',
    otherAccountPlaceholder: 'name@example.com',
    wantsAccess: (app: string) => `${app} wants to access your Google Account`,
    willAllow: (app: string) => `This will allow ${app} to:`,
    scopeNames: {
      'https://www.googleapis.com/auth/gmail.send': 'Send email on your behalf',
      'https://www.googleapis.com/auth/userinfo.email': 'See your primary Google Account email address',
      'https://www.googleapis.com/auth/userinfo.profile': 'See your personal info',
      'https://www.googleapis.com/auth/gmail.readonly': 'View your email messages and settings',
      'https://www.googleapis.com/auth/gmail.metadata':
        'View your email message metadata such as labels and headers, but not the email body',
      openid: 'Associate you with your personal info on Google',
    } as Record<string, string>,
    allow: 'Allow',
    deny: 'Deny',
    trust: (app: string) =>
      `Make sure you trust ${app}. You can remove its access at any time from the local mailbox.`,
    localNote:
      "This page is Trato's local Google: no real account is involved and no email leaves this machine.",
    emailInvalid: 'Type a valid email address or choose an account.',
    blocked: 'Access blocked: Authorization Error',
    errorLine: (status: number, code: string) => `Error ${status}: ${code}`,
    requestDetails: 'Request details',
    developerHint: "If you're the app developer, check the request's parameters.",
    mailboxTitle: 'Local mailbox (Gmail)',
    mailboxIntro:
      "The local Google's mailboxes: every message with its labels, newest first. Mail to a local account lands in its inbox; nothing leaves this machine.",
    noMessages: 'No messages yet.',
    from: 'From',
    to: 'To',
    cc: 'Cc',
    bcc: 'Bcc',
    subject: 'Subject',
    date: 'Date',
    sentAt: 'Sent',
    receivedAt: 'Received',
    account: 'Account',
    text: 'Text',
    htmlSource: 'HTML (source, not rendered)',
    headers: 'Headers',
    attachments: 'Attachments',
    warnings: 'Warnings',
    raw: 'Original message (.eml)',
    noSubject: '(no subject)',
    connections: 'Connections (refresh tokens)',
    noConnections: 'No connected accounts.',
    client: 'Client',
    scopes: 'Scopes',
    created: 'Created',
    status: 'Status',
    active: 'active',
    revoked: 'revoked',
    revoke: 'Revoke',
    controls: 'Test controls',
    failNext429: 'Next send: 429 (quota)',
    failNext500: 'Next send: 500',
    expireTokens: 'Expire access tokens',
    clearMailbox: 'Empty mailbox',
    reset: 'Erase everything',
    resetConfirm: 'Erase every message, code and token?',
    pendingFailures: (n: number) => `Pending failures: ${n}`,
    refresh: 'Refresh',
    otherLang: 'Español',
    labelNames: { SENT: 'Sent', INBOX: 'Inbox', UNREAD: 'Unread' } as Record<string, string>,
    mailboxOf: (account: string) => `Mailbox of ${account}`,
    messageCount: (n: number) => (n === 1 ? '1 message' : `${n} messages`),
    replyAsRecipient: 'Reply as the recipient',
    replyPlaceholder: 'Reply text',
    reply: 'Reply',
    bounce: 'Bounce',
    bounceHint: "Puts Gmail's notice that the address does not exist in the sender's inbox.",
    writeTitle: 'Write to an account',
    writeHint:
      "Mail from outside that lands in the account's inbox (INBOX, UNREAD), as Gmail would receive it.",
    writeFrom: 'From (address)',
    writeFromName: 'Name (optional)',
    writeTo: 'To (account)',
    writeSend: 'Deliver',
    failNextRead429: 'Next read: 429 (quota)',
    error: 'Error',
  },
};

export type Texts = (typeof TEXTS)['es'];

export function texts(lang: Lang): Texts {
  return TEXTS[lang] as Texts;
}

/** Google's `hl` parameter (`es`, `es-419`, `en-GB`…) or else the browser's language; English otherwise. */
export function pickLang(hl: string | null | undefined, acceptLanguage: string | undefined): Lang {
  if (hl) return hl.toLowerCase().startsWith('es') ? 'es' : 'en';
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

export function formatDateTime(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso));
}
