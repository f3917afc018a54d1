// The generated part of the demo organization (scripts/seed-demo.mjs): about 40 more companies, 300
// more contacts with notes, and tasks, meetings and deals around them. Deterministic: a seeded PRNG,
// dates relative to the day of seeding. Records go through the seed's `put` (search tokens and
// audit fields are added there) and are checked there against the model's schemas and the rules.
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES, PLACES, phoneFor, prng, slug } from './demo-names.mjs';

const DAY = 24 * 60 * 60 * 1000;
const SEED = 20261123;

/** [name, industry, size, city, country] */
const COMPANIES = [
  ['Sistemas Integrales Lenca', 'technology', '11-50', 'Tegucigalpa', 'Honduras'],
  ['Redes del Caribe', 'technology', '11-50', 'La Ceiba', 'Honduras'],
  ['DataCentro Honduras', 'technology', '51-200', 'San Pedro Sula', 'Honduras'],
  ['Innova Software Centroamérica', 'technology', '51-200', 'Ciudad de Guatemala', 'Guatemala'],
  ['Cooperativa Mixta El Sembrador', 'finance', '51-200', 'Siguatepeque', 'Honduras'],
  ['Financiera Morazán', 'finance', '201-500', 'Tegucigalpa', 'Honduras'],
  ['Seguros Atlántida del Norte', 'finance', '201-500', 'San Pedro Sula', 'Honduras'],
  ['Microfinanciera La Esperanza', 'finance', '11-50', 'La Esperanza', 'Honduras'],
  ['Hospital Santa Teresa', 'health', '201-500', 'Comayagua', 'Honduras'],
  ['Farmacias El Ahorro', 'health', '501-1000', 'Tegucigalpa', 'Honduras'],
  ['Laboratorio Clínico Centroamericano', 'health', '51-200', 'San Pedro Sula', 'Honduras'],
  ['Óptica Visión Clara', 'health', '1-10', 'Danlí', 'Honduras'],
  ['Instituto Bilingüe Valle de Sula', 'education', '51-200', 'San Pedro Sula', 'Honduras'],
  ['Universidad Tecnológica del Norte', 'education', '501-1000', 'El Progreso', 'Honduras'],
  ['Academia de Idiomas Babel', 'education', '1-10', 'Tegucigalpa', 'Honduras'],
  ['Colegio San José de la Montaña', 'education', '11-50', 'Santa Rosa de Copán', 'Honduras'],
  ['Supermercados El Pinar', 'retail', '201-500', 'Juticalpa', 'Honduras'],
  ['Ferretería El Martillo', 'retail', '11-50', 'Choluteca', 'Honduras'],
  ['Librería Cervantes', 'retail', '1-10', 'Tegucigalpa', 'Honduras'],
  ['Almacenes Ulúa', 'retail', '51-200', 'Villanueva', 'Honduras'],
  ['Tiendas Doña Chepita', 'retail', '11-50', 'Choloma', 'Honduras'],
  ['Distribuidora Pinolera', 'retail', '51-200', 'Managua', 'Nicaragua'],
  ['Textiles San Pedro', 'manufacturing', '1000+', 'San Pedro Sula', 'Honduras'],
  ['Lácteos de Olancho', 'manufacturing', '51-200', 'Catacamas', 'Honduras'],
  ['Embotelladora del Norte', 'manufacturing', '201-500', 'Puerto Cortés', 'Honduras'],
  ['Beneficio de Café Marcala', 'manufacturing', '11-50', 'Marcala', 'Honduras'],
  ['Plásticos Industriales de Centroamérica', 'manufacturing', '201-500', 'Choloma', 'Honduras'],
  ['Cementos del Pacífico', 'manufacturing', '501-1000', 'San Salvador', 'El Salvador'],
  ['Café Tarrazú Selecto', 'manufacturing', '11-50', 'San José', 'Costa Rica'],
  ['Grupo Industrial Regiomontano', 'manufacturing', '1000+', 'Monterrey', 'México'],
  ['Transportes Rápidos del Sur', 'services', '51-200', 'Choluteca', 'Honduras'],
  ['Agencia Aduanera Puerto Cortés', 'services', '11-50', 'Puerto Cortés', 'Honduras'],
  ['Hotel Plaza Copán', 'services', '51-200', 'Copán Ruinas', 'Honduras'],
  ['Consultores Mejía & Paz', 'services', '1-10', 'Tegucigalpa', 'Honduras'],
  ['Turismo Roatán Azul', 'services', '11-50', 'Roatán', 'Honduras'],
  ['Logística Canal', 'services', '201-500', 'Ciudad de Panamá', 'Panamá'],
  ['Constructora Pinares', 'construction', '201-500', 'Tegucigalpa', 'Honduras'],
  ['Inmobiliaria Los Próceres', 'construction', '11-50', 'Tegucigalpa', 'Honduras'],
  ['Materiales El Constructor', 'construction', '51-200', 'Comayagua', 'Honduras'],
  ['Fundación Manos Unidas', 'other', '11-50', 'Tegucigalpa', 'Honduras'],
  ['Asociación de Ganaderos de Olancho', 'other', '51-200', 'Juticalpa', 'Honduras'],
];

const NEIGHBOURHOODS = [
  'Barrio El Centro',
  'Colonia Palmira',
  'Colonia Kennedy',
  'Boulevard Morazán',
  'Barrio Guamilito',
  'Colonia Trejo',
  'Zona Industrial',
  'Barrio La Merced',
  'Residencial Las Colinas',
  'Colonia Tepeyac',
  'Barrio Río de Piedras',
  'Carretera al Sur, km 5',
];

const COMPANY_NOTES = [
  'Cliente desde hace varios años; paga puntualmente a 30 días.',
  'Compran por licitación dos veces al año.',
  'Tienen bodega propia; la entrega se coordina con el jefe de logística.',
  'Interesados en ampliar la línea de crédito.',
  'Proveedor actual con problemas de entrega: buena oportunidad.',
  'Abrieron una nueva sucursal este año.',
  'Piden factura con RTN y orden de compra firmada.',
];

const PRODUCTS = [
  'papelería',
  'productos de limpieza',
  'abarrotes',
  'equipo de oficina',
  'empaques',
  'café',
  'bebidas',
  'material eléctrico',
  'insumos médicos',
  'uniformes',
];

const NOTES = [
  (c) => `Llamada de seguimiento: interesado en ${c.product}. Volver a llamar la próxima semana.`,
  (c) => `Solicitó cotización para ${c.n} cajas de ${c.product} con entrega en ${c.city}.`,
  () => 'Prefiere comunicación por WhatsApp en horario de la mañana.',
  (c) => `Reunión productiva; pidió referencias de otros clientes en ${c.city}.`,
  () => 'Confirmó el pago de la última factura por transferencia.',
  () => 'Cambió de proveedor el año pasado por problemas de entrega; valora mucho la puntualidad.',
  () => 'Le envié el catálogo actualizado por correo.',
  () => 'No contestó; le dejé mensaje de voz.',
  (c) => `Pidió un descuento del ${c.discount} % por volumen. Consultarlo con Ana.`,
  (c) => `Visita a sus oficinas en ${c.city}: conocimos al equipo de compras.`,
  () => 'Interesado en crédito a 30 días; pedirle estados financieros.',
  (c) => `Nos recomendó con ${c.other}.`,
  () => 'Se quejó de un pedido incompleto; se repuso al día siguiente.',
  (c) => `Su presupuesto para ${c.product} se aprueba en enero.`,
  () => 'Quedó en enviar la orden de compra firmada esta semana.',
];

const TASKS_WITH_CONTACT = [
  (c) => `Llamar a ${c.first} para seguimiento`,
  (c) => `Enviar cotización a ${c.first}`,
  (c) => `Confirmar pedido con ${c.first}`,
  (c) => `Enviar catálogo de ${c.product} a ${c.first}`,
  (c) => `Actualizar datos de contacto de ${c.name}`,
  (c) => `Agendar reunión con ${c.first}`,
  (c) => `Responder el correo de ${c.first}`,
];
const TASKS_WITH_COMPANY = [
  (c) => `Dar seguimiento a la propuesta de ${c.company}`,
  (c) => `Cobrar factura pendiente de ${c.company}`,
  (c) => `Agendar visita a ${c.company}`,
  (c) => `Preparar contrato para ${c.company}`,
  (c) => `Verificar entrega en ${c.company}`,
];
const TASKS_ALONE = [
  'Reporte semanal de ventas',
  'Actualizar lista de precios',
  'Revisar inventario de bodega',
  'Planificar ruta de visitas de la semana',
  'Preparar presentación de resultados trimestrales',
  'Depurar contactos duplicados',
];
const TASK_DESCRIPTIONS = [
  'Confirmar volumen, precio y fecha de entrega.',
  'Adjuntar la última lista de precios.',
  'Revisar antes con Ana el margen mínimo.',
  'Llevar muestras.',
  'Pedir copia del RTN para la factura.',
];

const MEETINGS = [
  'Presentación de productos',
  'Revisión de contrato',
  'Negociación de precios',
  'Visita a planta',
  'Demostración del catálogo',
  'Reunión de seguimiento',
  'Almuerzo de negocios',
  'Cierre de pedido anual',
];
const MEETING_NOTES = [
  'Llevar muestras y lista de precios.',
  'Confirmar asistencia un día antes.',
  'Por videollamada (Google Meet).',
  'En sus oficinas; preguntar por recepción.',
  'Revisar pendientes del pedido anterior.',
];

const DEALS = [
  (p) => `Suministro de ${p}`,
  (p) => `Pedido trimestral de ${p}`,
  (p) => `Contrato anual de ${p}`,
  (p) => `Renovación del contrato de ${p}`,
  (p) => `Primera compra de ${p}`,
];
const DEAL_NOTES = [
  'Compiten con dos proveedores locales.',
  'Decide el gerente general; presupuesto aprobado.',
  'Piden entrega parcial mensual.',
  'Requieren muestra previa.',
];

const SIZE_WEIGHT = { '1-10': 2, '11-50': 4, '51-200': 6, '201-500': 8, '501-1000': 9, '1000+': 10 };
const COMPOUND = {
  f: ['María José', 'Ana Lucía', 'María Fernanda', 'Rosa María'],
  m: ['Juan Carlos', 'José Luis', 'Luis Fernando', 'Carlos Alberto'],
};

/**
 * @param {{ put: Function, now: number, ts: (ms: number) => object, at: (days: number, hour: number) => number,
 *   team: {uid: string, name: string, role?: string, permissions?: object}[],
 *   companies: object[], contacts: object[] }} args — the hand-written companies and contacts
 *   (with id, name, city, daysAgo…), which the generated records also reference.
 */
export function generateRecords({
  put,
  now,
  ts,
  at,
  team,
  companies: baseCompanies,
  contacts: baseContacts,
}) {
  const rng = prng(SEED);
  const can = (member, resource, action) =>
    member.role === 'admin' || member.permissions?.[resource]?.[action] === true;
  const members = (resource, action) => team.filter((m) => can(m, resource, action));
  const pickMember = (resource, action) => rng.pick(members(resource, action)).uid;
  const days = (ms) => (now - ms) / DAY;
  const placeWeights = Object.fromEntries(Object.entries(PLACES).map(([c, p]) => [c, p.weight]));

  // ── Companies ──────────────────────────────────────────────────────────────
  const companies = baseCompanies.map((c) => ({ ...c, domain: domainOf(c.website, c.name) }));
  COMPANIES.forEach(([name, industry, size, city, country], i) => {
    const domain = domainOf(null, name);
    const data = { name, industry, size, city, country };
    if (rng.chance(0.8)) data.website = `https://${domain}`;
    if (rng.chance(0.9)) data.phone = phoneFor(rng, country, { landline: true });
    if (rng.chance(0.25)) data.linkedinUrl = `https://www.linkedin.com/company/${slug(name, '-')}-demo`;
    if (country === 'Honduras' && rng.chance(0.6)) data.address = `${rng.pick(NEIGHBOURHOODS)}, ${city}`;
    if (rng.chance(0.3)) data.notes = rng.pick(COMPANY_NOTES);
    const daysAgo = rng.int(60, 720) + rng();
    const id = `demo-company-${String(i + 1).padStart(2, '0')}-${slug(name, '-').slice(0, 24)}`;
    put('companies', id, data, pickMember('companies', 'create'), daysAgo);
    companies.push({ id, ...data, domain, daysAgo });
  });
  const companyWeights = Object.fromEntries(companies.map((c, i) => [i, SIZE_WEIGHT[c.size] ?? 3]));

  // ── Contacts ───────────────────────────────────────────────────────────────
  const contacts = baseContacts.map((c) => ({ ...c, first: c.name.split(' ')[0] }));
  const taken = new Set(contacts.map((c) => c.name));
  for (let i = 0; contacts.length < baseContacts.length + 300; i++) {
    const sex = rng.chance(0.5) ? 'f' : 'm';
    const first = rng.chance(0.1) ? rng.pick(COMPOUND[sex]) : rng.pick(FIRST_NAMES[sex]);
    const last = rng.chance(0.6) ? `${rng.pick(LAST_NAMES)} ${rng.pick(LAST_NAMES)}` : rng.pick(LAST_NAMES);
    const name = `${first} ${last}`;
    if (taken.has(name)) continue;
    taken.add(name);
    const company = rng.chance(0.88) ? companies[Number(rng.weighted(companyWeights))] : null;
    const country = company && rng.chance(0.75) ? company.country : rng.weighted(placeWeights);
    const city =
      company && country === company.country && rng.chance(0.8)
        ? company.city
        : rng.pick(PLACES[country].cities);
    const lifecycleStage = rng.weighted({ lead: 35, prospect: 25, customer: 25, partner: 8, other: 7 });
    const ownerId = rng.weighted({ [team[0].uid]: 30, [team[1].uid]: 45, [team[2].uid]: 25 });
    const data = {
      name,
      status: rng.chance(0.12) ? 'inactive' : 'active',
      isCustomer: lifecycleStage === 'customer' || (lifecycleStage === 'partner' && rng.chance(0.3)),
      lifecycleStage,
      companyId: company?.id ?? null,
      companyName: company?.name ?? null,
      ownerId,
      country,
      city,
    };
    if (rng.chance(0.9)) {
      const user = `${slug(first.split(' ')[0])}.${slug(last.split(' ')[0])}`;
      data.email = `${user}@${company?.domain ?? rng.pick(['correo.example.com', 'example.net', 'mail.example.org'])}`;
    }
    if (rng.chance(0.85)) data.phone = phoneFor(rng, country);
    if (rng.chance(company ? 0.85 : 0.3)) data.jobTitle = rng.pick(JOB_TITLES);
    if (country === 'Honduras' && rng.chance(0.1))
      data.rtn = `0801${rng.int(1960, 2002)}${String(rng.int(0, 99999)).padStart(5, '0')}`;
    if (rng.chance(0.15)) data.linkedinUrl = `https://www.linkedin.com/in/${slug(name, '-')}-demo`;
    const daysAgo = 0.5 + rng() * Math.min((company?.daysAgo ?? 540) - 0.5, 540);
    const id = `demo-contact-${String(i + 1).padStart(3, '0')}-${slug(name, '-').slice(0, 24)}`;
    put('contacts', id, data, ownerId, daysAgo);
    contacts.push({ id, first: first.split(' ')[0], ...data, daysAgo });
  }
  const generated = contacts.slice(baseContacts.length);
  const context = (c) => ({
    first: c.first,
    name: c.name,
    company: c.companyName,
    city: c.city ?? 'Tegucigalpa',
    product: rng.pick(PRODUCTS),
    n: rng.int(5, 200),
    discount: rng.pick([3, 5, 8, 10]),
    other: rng.pick(contacts).name,
  });

  // ── Notes (on about half of the contacts; authors who may edit contacts) ─────
  let noteCount = 0;
  for (const c of generated) {
    if (!rng.chance(0.5)) continue;
    const n = Number(rng.weighted({ 1: 50, 2: 30, 3: 15, 4: 5 }));
    for (let k = 0; k < n; k++) {
      const author =
        team.find((m) => m.uid === c.ownerId && can(m, 'contacts', 'edit')) ??
        rng.pick(members('contacts', 'edit'));
      put(
        `contacts/${c.id}/notes`,
        `demo-note-g${String(++noteCount).padStart(3, '0')}`,
        { content: rng.pick(NOTES)(context(c)), authorName: author.name },
        author.uid,
        rng() * c.daysAgo,
      );
    }
  }

  /** A record's links: a contact (and its company), a company alone, or nothing. */
  const link = (weights) => {
    const kind = rng.weighted(weights);
    if (kind === 'contact') {
      const c = rng.pick(contacts.filter((x) => x.status === 'active' || rng.chance(0.2)));
      return {
        contact: c,
        fields: {
          contactId: c.id,
          contactName: c.name,
          companyId: c.companyId ?? null,
          companyName: c.companyName ?? null,
        },
        since: c.daysAgo,
      };
    }
    if (kind === 'company') {
      const co = rng.pick(companies);
      return {
        company: co,
        fields: { contactId: null, contactName: null, companyId: co.id, companyName: co.name },
        since: co.daysAgo,
      };
    }
    return { fields: { contactId: null, contactName: null, companyId: null, companyName: null }, since: 365 };
  };

  // ── Tasks ──────────────────────────────────────────────────────────────────
  for (let i = 1; i <= 140; i++) {
    const l = link({ contact: 75, company: 12, none: 13 });
    const status = rng.weighted({ pending: 45, in_progress: 15, completed: 33, cancelled: 7 });
    const createdDaysAgo = Math.min(l.since, 0.2 + rng() * 100);
    let due;
    if (status === 'completed' || status === 'cancelled')
      due = -Math.min(createdDaysAgo, rng.int(1, 14)) + rng() * 0.5;
    else if (status === 'pending')
      due = rng.chance(0.1) ? null : rng.chance(0.3) ? -rng.int(1, 10) : rng.int(0, 30) + rng();
    else due = rng.chance(0.2) ? -rng.int(1, 3) : rng.int(1, 14);
    const ctx = l.contact ? context(l.contact) : { company: l.company?.name, product: rng.pick(PRODUCTS) };
    const title = l.contact
      ? l.contact.companyName && rng.chance(0.4)
        ? rng.pick(TASKS_WITH_COMPANY)({ ...ctx, company: l.contact.companyName })
        : rng.pick(TASKS_WITH_CONTACT)(ctx)
      : l.company
        ? rng.pick(TASKS_WITH_COMPANY)(ctx)
        : rng.pick(TASKS_ALONE);
    const createdBy = pickMember('tasks', 'create');
    const assigneeIds = rng.chance(0.8)
      ? [rng.chance(0.7) ? createdBy : pickMember('tasks', 'view')]
      : rng.sample(
          team.map((m) => m.uid),
          2,
        );
    const data = {
      title,
      status,
      dueDate: due === null ? null : ts(at(Math.round(due), rng.int(8, 17))),
      assigneeIds,
      ...l.fields,
    };
    if (rng.chance(0.45)) data.description = rng.pick(TASK_DESCRIPTIONS);
    put('tasks', `demo-task-g${String(i).padStart(3, '0')}`, data, createdBy, createdDaysAgo);
  }

  // ── Meetings (business days, 8:00–17:00 in Honduras) ────────────────────────
  for (let i = 1; i <= 80; i++) {
    const l = link({ contact: 80, company: 10, none: 10 });
    let day = rng.int(-60, 30);
    let start = at(day, rng.int(8, 16));
    while ([0, 6].includes(new Date(start - 6 * 60 * 60 * 1000).getUTCDay()))
      start = at(++day, rng.int(8, 16));
    if (rng.chance(0.4)) start += 30 * 60 * 1000;
    const past = start < now;
    const status = past
      ? rng.weighted({ completed: 75, no_show: 10, rescheduled: 15 })
      : rng.weighted({ scheduled: 90, rescheduled: 10 });
    const name = l.contact?.companyName ?? l.company?.name ?? l.contact?.name;
    const what = rng.pick(MEETINGS);
    const data = {
      title: name && rng.chance(0.7) ? `${what} — ${name}` : what,
      startTime: ts(start),
      endTime: ts(start + rng.pick([30, 60, 60, 90]) * 60 * 1000),
      status,
      participantIds: rng.sample(
        team.map((m) => m.uid),
        rng.int(1, 3),
      ),
      ...l.fields,
    };
    if (rng.chance(0.4)) data.notes = rng.pick(MEETING_NOTES);
    // Created a few days before it (or before today, for upcoming ones), after its contact; a
    // past meeting with a newer contact was logged after the fact.
    const latest = past ? days(start) + 1 : 0.1;
    const earliest = Math.min(l.since, past ? days(start) + 14 : 30);
    const createdDaysAgo =
      earliest >= latest ? latest + rng() * (earliest - latest) : l.since * (0.5 + 0.5 * rng());
    put(
      'meetings',
      `demo-meeting-g${String(i).padStart(3, '0')}`,
      data,
      pickMember('meetings', 'create'),
      createdDaysAgo,
    );
  }

  // ── Deals (every stage) ────────────────────────────────────────────────────
  for (let i = 1; i <= 90; i++) {
    const stage = rng.weighted({ new: 25, in_progress: 25, proposal: 20, won: 18, lost: 12 });
    const kind = rng.weighted({ contact: 85, company: 12, none: 3 });
    let fields;
    let since = 365;
    if (kind === 'contact') {
      const c = rng.pick(contacts.filter((x) => x.companyId || rng.chance(0.3)));
      fields = {
        primaryContactId: c.id,
        primaryContactName: c.name,
        companyId: c.companyId ?? null,
        companyName: c.companyName ?? null,
      };
      since = c.daysAgo;
    } else if (kind === 'company') {
      const co = rng.pick(companies);
      fields = { primaryContactId: null, primaryContactName: null, companyId: co.id, companyName: co.name };
      since = co.daysAgo;
    } else {
      fields = { primaryContactId: null, primaryContactName: null, companyId: null, companyName: null };
    }
    const amount =
      stage === 'new' && rng.chance(0.15)
        ? null
        : Math.round(Math.exp(Math.log(8_000) + rng() * (Math.log(1_500_000) - Math.log(8_000))) / 500) * 500;
    const probability = {
      new: rng.pick([10, 20]),
      in_progress: rng.pick([30, 40, 50]),
      proposal: rng.pick([50, 60, 70, 80]),
      won: 100,
      lost: 0,
    }[stage];
    const closed = stage === 'won' || stage === 'lost';
    const closeIn = closed ? -rng.int(1, Math.max(1, Math.floor(Math.min(since, 180)) - 1)) : rng.int(5, 120);
    const createdDaysAgo = closed
      ? Math.min(since, -closeIn + rng.int(10, 90) + rng())
      : Math.min(since, 0.5 + rng() * 120);
    const ownerId = pickMember('deals', 'create');
    const data = {
      title: rng.pick(DEALS)(rng.pick(PRODUCTS)),
      amount,
      stage,
      probability,
      ownerId,
      ...fields,
    };
    if (closed || rng.chance(0.9)) data.closeDate = ts(at(closeIn, 12));
    if (rng.chance(0.3)) data.notes = rng.pick(DEAL_NOTES);
    put('deals', `demo-deal-g${String(i).padStart(3, '0')}`, data, ownerId, createdDaysAgo);
  }
}

const SMALL_WORDS = new Set(['de', 'del', 'la', 'el', 'los', 'las', 'y', 'e']);

/** The host of a company's website, or a made-up example.com one from its first two words. */
function domainOf(website, name) {
  if (website) return new URL(website).host;
  const words = name.split(/\s+/).filter((w) => !SMALL_WORDS.has(w.toLowerCase()) && slug(w));
  return `${slug(words.slice(0, 2).join(' '))}.example.com`;
}
