// Seeds the deals of one benchmark organization with firebase-admin, after bench:crm's
// seedOrganization has written the organization, its subscription, its seller (here with deals
// view + edit) and its contacts and companies. `deals` deals spread over the five stages (weights
// STAGE_WEIGHTS), amounts mostly set (10 % without one), the probability of their stage, a close
// date for most, a primary contact (with its company) for 80 %, a company only for 10 %, nothing
// for the rest; search tokens from the model (`withDerivedFields`), createdAt over two years and
// updatedAt between it and now. Every deal that names a contact or a company gets its timeline
// entry (model `timelineEntryFor`), as the app writes it in the same batch. Deterministic for a
// given seed.
import { prng } from '../../../scripts/demo-names.mjs';
import { bulkWrite } from '../crm/seed.mjs';

const DAY = 24 * 60 * 60 * 1000;
const SPAN = 2 * 365 * DAY;

export const STAGE_WEIGHTS = { new: 30, in_progress: 25, proposal: 20, won: 15, lost: 10 };
const PROBABILITY = { new: 10, in_progress: 30, proposal: 60, won: 100, lost: 0 };
const WHAT = [
  'Licencias CRM',
  'Suministro de materiales',
  'Renovación de equipos',
  'Soporte anual',
  'Exportación de café',
  'Empaque personalizado',
  'Mantenimiento preventivo',
  'Uniformes',
  'Flota de reparto',
  'Capacitación',
  'Consultoría fiscal',
  'Ampliación de bodega',
];
const WHEN = ['2026', '2027', 'Q1', 'Q2', 'Q3', 'Q4', 'fase 2', 'piloto'];

/**
 * @param {{ db: import('firebase-admin/firestore').Firestore,
 *   Timestamp: typeof import('firebase-admin/firestore').Timestamp, model: object, orgId: string,
 *   ownerIds: string[], createdBy: string, deals: number, seed: number }} options
 * @returns {Promise<Record<string, number>>} the number of deals per stage
 */
export async function seedDeals({ db, Timestamp, model, orgId, ownerIds, createdBy, deals, seed }) {
  const rng = prng(seed);
  const now = Date.now();
  const ts = (ms) => Timestamp.fromMillis(Math.floor(ms));
  const org = `organizations/${orgId}`;
  const [contactsSnap, companiesSnap] = await Promise.all([
    db.collection(`${org}/contacts`).select('name', 'companyId', 'companyName').get(),
    db.collection(`${org}/companies`).select('name').get(),
  ]);
  const contacts = contactsSnap.docs.map((d) => ({ id: d.id, ...d.data() }));
  const companies = companiesSnap.docs.map((d) => ({ id: d.id, ...d.data() }));
  if (!contacts.length || !companies.length) throw new Error(`${orgId} has no contacts or companies`);

  const byStage = Object.fromEntries(model.DEAL_STAGES.map((stage) => [stage, 0]));
  function* dealDocs() {
    for (let i = 0; i < deals; i++) {
      const stage = rng.weighted(STAGE_WEIGHTS);
      byStage[stage]++;
      const link = rng();
      const contact = link < 0.8 ? rng.pick(contacts) : null;
      const company = contact
        ? contact.companyId
          ? { id: contact.companyId, name: contact.companyName }
          : null
        : link < 0.9
          ? rng.pick(companies)
          : null;
      const createdMs = now - rng() * SPAN;
      const updatedMs = createdMs + rng() * (now - createdMs);
      const open = stage !== 'won' && stage !== 'lost';
      const closeMs = open ? now + rng.int(5, 120) * DAY : updatedMs - rng.int(0, 10) * DAY;
      const data = model.withDerivedFields('deals', {
        title: `${rng.pick(WHAT)} ${rng.pick(WHEN)}`,
        amount: rng.chance(0.9) ? rng.int(5, 5000) * 100 : null,
        stage,
        probability: PROBABILITY[stage],
        closeDate: rng.chance(0.85) ? ts(closeMs) : null,
        companyId: company?.id ?? null,
        companyName: company?.name ?? null,
        primaryContactId: contact?.id ?? null,
        primaryContactName: contact?.name ?? null,
        ownerId: rng.pick(ownerIds),
        notes: rng.chance(0.3) ? 'Seguimiento por correo cada semana.' : null,
      });
      const id = `dl${String(i + 1).padStart(6, '0')}`;
      const deal = { ...data, createdAt: ts(createdMs), createdBy, updatedAt: ts(updatedMs) };
      yield [`${org}/deals/${id}`, deal];
      const entry = model.timelineEntryFor('deal', id, deal);
      if (entry) yield [`${org}/timeline/${entry.id}`, entry.data];
    }
  }
  await bulkWrite(db, dealDocs());
  return byStage;
}
