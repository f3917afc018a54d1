/** The hosted pages' texts in Spanish and English (Trato's two languages). */

import { pickLang as pickPageLang, type Lang } from '../standInHtml.js';
export type { Lang };

const TEXTS = {
  es: {
    testMode: 'Modo de prueba',
    back: '← Volver',
    subscribeTo: (name: string) => `Suscribirse a ${name}`,
    perInterval: (interval: string) =>
      ({ day: 'al día', week: 'a la semana', month: 'al mes', year: 'al año' })[interval] ??
      `por ${interval}`,
    slashInterval: (interval: string) =>
      ({ day: 'día', week: 'semana', month: 'mes', year: 'año' })[interval] ?? interval,
    trialThen: (days: number, price: string, per: string) => `${days} días gratis, luego ${price} ${per}`,
    trialDaysFree: (days: number) => `${days} días gratis`,
    billedEvery: (interval: string) =>
      ({
        day: 'Facturado a diario',
        week: 'Facturado semanalmente',
        month: 'Facturado mensualmente',
        year: 'Facturado anualmente',
      })[interval] ?? 'Facturación recurrente',
    subtotal: 'Subtotal',
    totalToday: 'Total a pagar hoy',
    afterTrial: (date: string) => `Total después de la prueba (${date})`,
    contact: 'Información de contacto',
    email: 'Correo electrónico',
    payment: 'Método de pago',
    cardInfo: 'Información de la tarjeta',
    optional: 'opcional',
    cardOptionalNote:
      'No se te cobrará nada durante la prueba. Puedes agregar una tarjeta ahora o más tarde.',
    cardNumber: 'Número de tarjeta',
    expiry: 'Fecha de vencimiento',
    expiryPlaceholder: 'MM / AA',
    cvc: 'CVC',
    cardholder: 'Nombre del titular',
    subscribe: 'Suscribirse',
    startTrial: 'Iniciar prueba',
    testCardsHint: 'Stripe local: 4242 4242 4242 4242 se aprueba; 4000 0000 0000 0002 se rechaza.',
    legal: (name: string) =>
      `Al confirmar, permites que ${name} cargue a tu tarjeta los pagos futuros según sus condiciones. Puedes cancelar en cualquier momento.`,
    poweredBy: 'Pagos simulados por el Stripe local de Trato',
    errors: {
      incomplete_number: 'Tu número de tarjeta está incompleto.',
      invalid_number: 'El número de tarjeta no es válido.',
      card_declined: 'Tu tarjeta fue rechazada.',
      invalid_expiry: 'La fecha de vencimiento de tu tarjeta no es válida.',
      expired_card: 'La fecha de vencimiento de tu tarjeta ya pasó.',
      invalid_cvc: 'El código de seguridad de tu tarjeta no es válido.',
      email_required: 'Introduce tu correo electrónico.',
    } as Record<string, string>,
    sessionComplete: 'Este pago ya se completó.',
    sessionCompleteDetail: 'Tu suscripción está activa. Ya puedes cerrar esta página.',
    sessionExpired: 'Esta sesión de pago caducó.',
    sessionExpiredDetail: 'Vuelve al sitio e inicia el proceso de nuevo.',
    notFound: 'No encontramos esta página.',
    notFoundDetail: 'El enlace no es válido o ya caducó.',
    done: 'Listo',
    doneDetail: 'Tu suscripción quedó registrada.',
    // Portal
    portalTitle: 'Facturación',
    currentPlan: 'Plan actual',
    status: {
      trialing: 'Prueba',
      active: 'Activa',
      past_due: 'Pago pendiente',
      paused: 'Pausada',
      canceled: 'Cancelada',
      unpaid: 'Impaga',
      incomplete: 'Incompleta',
      incomplete_expired: 'Caducada',
    } as Record<string, string>,
    trialEnds: (date: string) => `Tu prueba termina el ${date}.`,
    renews: (date: string) => `Se renueva el ${date}.`,
    cancels: (date: string) => `Se cancelará el ${date}.`,
    pastDue: 'El último pago falló. Actualiza tu tarjeta para continuar.',
    paused: 'La prueba terminó sin un método de pago.',
    canceledOn: (date: string) => `Cancelada el ${date}.`,
    noSubscriptions: 'No tienes suscripciones activas.',
    paymentMethod: 'Método de pago',
    cardOnFile: (brand: string, last4: string) => `${brand} •••• ${last4}`,
    expires: (mm: string, yyyy: number) => `Vence ${mm}/${yyyy}`,
    noCard: 'Ninguna tarjeta registrada',
    updateCard: 'Actualizar tarjeta',
    saveCard: 'Guardar tarjeta',
    cancelSubscription: 'Cancelar suscripción',
    resumeSubscription: 'Reanudar suscripción',
    cancelNow: 'Cancelar ahora',
    cancelNowNote: 'Termina el acceso de inmediato, sin reembolso del período en curso.',
    returnTo: (name: string) => `← Volver a ${name}`,
    billingHistory: 'Historial de facturación',
    noInvoices: 'Todavía no hay facturas.',
    invoiceStatus: {
      paid: 'Pagada',
      open: 'Pendiente',
      draft: 'Borrador',
      void: 'Anulada',
      uncollectible: 'Incobrable',
    } as Record<string, string>,
    flash: {
      card: 'Tu tarjeta se guardó.',
      canceled: 'Tu suscripción se cancelará al final del período.',
      resumed: 'Tu suscripción se reanudó.',
      canceled_now: 'Tu suscripción se canceló.',
    } as Record<string, string>,
    invoice: 'Factura',
    amountDue: 'Importe',
    date: 'Fecha',
  },
  en: {
    testMode: 'Test mode',
    back: '← Back',
    subscribeTo: (name: string) => `Subscribe to ${name}`,
    perInterval: (interval: string) => `per ${interval}`,
    slashInterval: (interval: string) => interval,
    trialThen: (days: number, price: string, per: string) => `${days} days free, then ${price} ${per}`,
    trialDaysFree: (days: number) => `${days} days free`,
    billedEvery: (interval: string) =>
      ({ day: 'Billed daily', week: 'Billed weekly', month: 'Billed monthly', year: 'Billed yearly' })[
        interval
      ] ?? 'Billed periodically',
    subtotal: 'Subtotal',
    totalToday: 'Total due today',
    afterTrial: (date: string) => `Total after trial (${date})`,
    contact: 'Contact information',
    email: 'Email',
    payment: 'Payment method',
    cardInfo: 'Card information',
    optional: 'optional',
    cardOptionalNote: "You won't be charged during the trial. You can add a card now or later.",
    cardNumber: 'Card number',
    expiry: 'Expiration date',
    expiryPlaceholder: 'MM / YY',
    cvc: 'CVC',
    cardholder: 'Cardholder name',
    subscribe: 'Subscribe',
    startTrial: 'Start trial',
    testCardsHint: 'Local Stripe: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.',
    legal: (name: string) =>
      `By confirming, you allow ${name} to charge your card for future payments in accordance with their terms. You can cancel at any time.`,
    poweredBy: "Payments simulated by Trato's local Stripe",
    errors: {
      incomplete_number: 'Your card number is incomplete.',
      invalid_number: 'Your card number is invalid.',
      card_declined: 'Your card was declined.',
      invalid_expiry: "Your card's expiration date is invalid.",
      expired_card: "Your card's expiration date is in the past.",
      invalid_cvc: "Your card's security code is invalid.",
      email_required: 'Enter your email.',
    } as Record<string, string>,
    sessionComplete: 'This payment is already complete.',
    sessionCompleteDetail: 'Your subscription is active. You can close this page.',
    sessionExpired: 'This checkout session has expired.',
    sessionExpiredDetail: 'Go back to the site and start again.',
    notFound: "We couldn't find this page.",
    notFoundDetail: 'The link is invalid or has expired.',
    done: 'Done',
    doneDetail: 'Your subscription is set up.',
    portalTitle: 'Billing',
    currentPlan: 'Current plan',
    status: {
      trialing: 'Trial',
      active: 'Active',
      past_due: 'Past due',
      paused: 'Paused',
      canceled: 'Canceled',
      unpaid: 'Unpaid',
      incomplete: 'Incomplete',
      incomplete_expired: 'Expired',
    } as Record<string, string>,
    trialEnds: (date: string) => `Your trial ends on ${date}.`,
    renews: (date: string) => `Renews on ${date}.`,
    cancels: (date: string) => `Cancels on ${date}.`,
    pastDue: 'The last payment failed. Update your card to continue.',
    paused: 'The trial ended without a payment method.',
    canceledOn: (date: string) => `Canceled on ${date}.`,
    noSubscriptions: 'You have no active subscriptions.',
    paymentMethod: 'Payment method',
    cardOnFile: (brand: string, last4: string) => `${brand} •••• ${last4}`,
    expires: (mm: string, yyyy: number) => `Expires ${mm}/${yyyy}`,
    noCard: 'No card on file',
    updateCard: 'Update card',
    saveCard: 'Save card',
    cancelSubscription: 'Cancel subscription',
    resumeSubscription: 'Resume subscription',
    cancelNow: 'Cancel now',
    cancelNowNote: 'Ends access immediately, without a refund for the current period.',
    returnTo: (name: string) => `← Return to ${name}`,
    billingHistory: 'Billing history',
    noInvoices: 'No invoices yet.',
    invoiceStatus: {
      paid: 'Paid',
      open: 'Open',
      draft: 'Draft',
      void: 'Void',
      uncollectible: 'Uncollectible',
    } as Record<string, string>,
    flash: {
      card: 'Your card was saved.',
      canceled: 'Your subscription will be canceled at the end of the period.',
      resumed: 'Your subscription was resumed.',
      canceled_now: 'Your subscription was canceled.',
    } as Record<string, string>,
    invoice: 'Invoice',
    amountDue: 'Amount',
    date: 'Date',
  },
};

export type Texts = (typeof TEXTS)['es'];

export function texts(lang: Lang): Texts {
  return TEXTS[lang] as Texts;
}

/** The session's locale (`es`, `es-419`, `en-GB`…); `auto` or none follows the browser. */
export function pickLang(locale: string | null | undefined, acceptLanguage: string | undefined): Lang {
  return pickPageLang(locale === 'auto' ? null : locale, acceptLanguage);
}

export function formatDate(unixSeconds: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(unixSeconds * 1000));
}
