// Names, places and phrases for generated CRM data (Spanish, Central American), and a seeded PRNG so
// the same seed always yields the same data. Used by scripts/seed-demo.mjs (the demo organization)
// and web/bench/crm (the 100,000-contact benchmark).

/** mulberry32: a small, fast, seedable PRNG. `rng()` → [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  const rng = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in [min, max]. */
  rng.int = (min, max) => min + Math.floor(rng() * (max - min + 1));
  rng.pick = (list) => list[Math.floor(rng() * list.length)];
  rng.chance = (p) => rng() < p;
  /** A key of `weights` ({key: weight}) drawn by weight. */
  rng.weighted = (weights) => {
    const entries = Object.entries(weights);
    let x = rng() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) if ((x -= w) < 0) return key;
    return entries.at(-1)[0];
  };
  /** `n` distinct elements of `list`. */
  rng.sample = (list, n) => {
    const copy = [...list];
    const out = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(rng() * copy.length), 1)[0]);
    return out;
  };
  return rng;
}

// prettier-ignore
export const FIRST_NAMES = {
  f: [
    'María', 'Ana', 'Rosa', 'Marta', 'Karla', 'Wendy', 'Yolanda', 'Gabriela', 'Alejandra', 'Daniela',
    'Claudia', 'Patricia', 'Sandra', 'Lourdes', 'Iris', 'Esther', 'Lesly', 'Cindy', 'Melissa', 'Fátima',
    'Dania', 'Glenda', 'Reina', 'Xiomara', 'Alba', 'Belinda', 'Tania', 'Olga', 'Carmen', 'Elena', 'Lucía',
    'Sofía', 'Valeria', 'Andrea', 'Paola', 'Nancy', 'Suyapa', 'Marisol', 'Ingrid', 'Jessica', 'Mariela',
    'Marcela', 'Norma', 'Sonia', 'Silvia', 'Gloria', 'Mirna', 'Keila', 'Heidy', 'Ruth',
  ],
  m: [
    'José', 'Juan', 'Carlos', 'Luis', 'Jorge', 'Kevin', 'Dennis', 'Fernando', 'Ricardo', 'Andrés', 'Héctor',
    'Óscar', 'Mario', 'Francisco', 'Nelson', 'Marvin', 'Édgar', 'Rubén', 'Roberto', 'Allan', 'Elvin',
    'Josué', 'Ernesto', 'Raúl', 'Germán', 'Sergio', 'Diego', 'Pedro', 'Miguel', 'Manuel', 'Marco', 'Martín',
    'Mauricio', 'Darwin', 'Wilmer', 'Henry', 'Cristian', 'Julio', 'César', 'Víctor', 'Alexis', 'Gerardo',
    'Emilio', 'Rafael', 'Tomás', 'Ramón', 'Orlando', 'Selvin', 'Walter', 'Samuel',
  ],
};

// prettier-ignore
export const LAST_NAMES = [
  'Hernández', 'López', 'Martínez', 'García', 'Rodríguez', 'Pérez', 'Mejía', 'Flores', 'Reyes', 'Cruz',
  'Sánchez', 'Ramírez', 'Castillo', 'Zelaya', 'Aguilar', 'Bonilla', 'Banegas', 'Maradiaga', 'Fúnez',
  'Padilla', 'Rivera', 'Ortiz', 'Paz', 'Lagos', 'Euceda', 'Orellana', 'Matamoros', 'Andino', 'Velásquez',
  'Cáceres', 'Alvarado', 'Ponce', 'Sierra', 'Núñez', 'Molina', 'Osorto', 'Amaya', 'Galeano', 'Rosales',
  'Chávez', 'Turcios', 'Escobar', 'Espinal', 'Midence', 'Canales', 'Bustillo', 'Portillo', 'Salgado',
  'Girón', 'Irías', 'Mairena', 'Márquez', 'Mármol', 'Moncada', 'Murillo', 'Valladares', 'Zúniga',
  'Barahona', 'Figueroa',
];

/** Cities by country, with the country's calling code and how its phone numbers are grouped. */
// prettier-ignore
export const PLACES = {
  Honduras: {
    code: '+504',
    format: 'dddd-dddd',
    weight: 80,
    cities: [
      'Tegucigalpa', 'San Pedro Sula', 'La Ceiba', 'Choluteca', 'Comayagua', 'Puerto Cortés', 'El Progreso',
      'Danlí', 'Siguatepeque', 'Juticalpa', 'Santa Rosa de Copán', 'Copán Ruinas', 'Tela', 'Roatán',
      'Catacamas', 'Villanueva', 'Choloma', 'La Esperanza', 'Gracias', 'Olanchito',
    ],
  },
  Guatemala: {
    code: '+502',
    format: 'dddd-dddd',
    weight: 5,
    cities: ['Ciudad de Guatemala', 'Quetzaltenango', 'Antigua Guatemala'],
  },
  'El Salvador': {
    code: '+503',
    format: 'dddd-dddd',
    weight: 4,
    cities: ['San Salvador', 'Santa Ana', 'San Miguel'],
  },
  Nicaragua: { code: '+505', format: 'dddd-dddd', weight: 3, cities: ['Managua', 'León', 'Estelí'] },
  'Costa Rica': { code: '+506', format: 'dddd-dddd', weight: 3, cities: ['San José', 'Heredia', 'Alajuela'] },
  Panamá: { code: '+507', format: 'dddd-dddd', weight: 2, cities: ['Ciudad de Panamá', 'Colón', 'David'] },
  México: {
    code: '+52',
    format: 'dd dddd dddd',
    weight: 2,
    cities: ['Ciudad de México', 'Monterrey', 'Guadalajara'],
  },
  Colombia: { code: '+57', format: 'ddd ddd dddd', weight: 1, cities: ['Bogotá', 'Medellín', 'Cali'] },
};

/** A phone number of `country`: Honduran mobiles start with 3, 8 or 9, landlines with 2. */
export function phoneFor(rng, country, { landline = false } = {}) {
  const place = PLACES[country] ?? PLACES.Honduras;
  let first = true;
  const digits = place.format.replace(/d/g, () => {
    if (!first) return String(rng.int(0, 9));
    first = false;
    if (country === 'Honduras') return landline ? '2' : rng.pick(['3', '8', '9', '9']);
    return String(rng.int(2, 9));
  });
  return `${place.code} ${digits}`;
}

// prettier-ignore
export const JOB_TITLES = [
  'Gerente General', 'Gerente de Compras', 'Gerente de Ventas', 'Gerente de Operaciones',
  'Director Financiero', 'Directora Comercial', 'Jefe de Logística', 'Jefa de Compras',
  'Coordinadora de Mercadeo', 'Contador General', 'Asistente Administrativa', 'Encargado de Bodega',
  'Supervisor de Producción', 'Ingeniero de Proyectos', 'Analista de Sistemas', 'Representante de Ventas',
  'Propietario', 'Propietaria', 'Administradora', 'CEO', 'Gerente de Recursos Humanos',
  'Jefe de Mantenimiento', 'Auditora Interna', 'Asesor Legal', 'Recepcionista',
];

/** Lower-case ASCII for e-mail addresses and web domains. */
export function slug(text, separator = '') {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^${separator}|${separator}$`, 'g'), '');
}

/** Company names for bulk data: a kind of business and a name. */
export const BUSINESS_KINDS = {
  technology: ['Sistemas', 'Tecnologías', 'Soluciones Digitales', 'Redes', 'Software'],
  finance: ['Cooperativa', 'Financiera', 'Seguros', 'Inversiones', 'Casa de Cambio'],
  health: ['Clínica', 'Farmacia', 'Laboratorio', 'Centro Médico', 'Óptica'],
  education: ['Instituto', 'Academia', 'Colegio', 'Escuela Bilingüe'],
  retail: ['Distribuidora', 'Ferretería', 'Almacenes', 'Supermercado', 'Librería', 'Tienda'],
  manufacturing: ['Industrias', 'Textiles', 'Lácteos', 'Embotelladora', 'Muebles', 'Plásticos'],
  services: ['Transportes', 'Consultores', 'Agencia', 'Hotel', 'Servicios', 'Logística'],
  construction: ['Constructora', 'Materiales', 'Inmobiliaria', 'Arquitectura'],
  other: ['Fundación', 'Asociación', 'Agroexportadora', 'Grupo'],
};
// prettier-ignore
export const BUSINESS_NAMES = [
  'Maya', 'Lenca', 'del Valle', 'del Norte', 'del Caribe', 'Morazán', 'Centroamericana', 'Olancho', 'Ulúa',
  'San Miguel', 'La Esperanza', 'El Sol', 'Los Pinos', 'Copán', 'Atlántida', 'Pacífico', 'Marcala',
  'Cerro Azul', 'La Montaña', 'El Roble', 'Santa Bárbara', 'Yojoa', 'Mar Azul', 'Martínez e Hijos',
  'Marañón', 'Guancasco', 'Pico Bonito', 'Celaque', 'Los Próceres', 'San Juan',
];
