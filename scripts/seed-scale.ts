// npm run seed:scale -- [--participants 100000] [--applications 1000000] [--studies 2000]
//   [--database-url postgres://…] [--force]
// Fills a PostgreSQL database with the data set of the scale budget (decisions.md section 7),
// generated inside PostgreSQL (INSERT … SELECT generate_series): a million rows in about a minute.
// The database is created when missing; one that already holds data is refused unless --force,
// which empties the generated tables (participants, studies, study sessions, applications,
// payments, earnings). Studies carry criteria and screeners, applications the screener's
// answers, and the places taken are booked into study sessions (decisions 031, 036).
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { hashPassword } from '../src/server/modules/accounts/passwords';
import { kenyanCounties } from '../src/shared/schemas/recruiting';

const { values } = parseArgs({
  options: {
    participants: { type: 'string', default: '100000' },
    applications: { type: 'string', default: '1000000' },
    studies: { type: 'string', default: '2000' },
    'database-url': { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});

const P = Number(values.participants);
const A = Number(values.applications);
const S = Number(values.studies);
if (![P, A, S].every((n) => Number.isInteger(n) && n > 0) || A > P * S * 0.5) {
  console.error(
    'Usage: npm run seed:scale -- --participants 100000 --applications 1000000 [--studies 2000] [--database-url postgres://…] [--force]\n' +
      '  counts are positive whole numbers, and applications at most half of participants × studies',
  );
  process.exit(2);
}
const url =
  values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale';
if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error(
    '--database-url must start with postgres:// (the scale data set is for PostgreSQL)',
  );
  process.exit(2);
}
if (process.env.TEST_DATABASE_URL && url === process.env.TEST_DATABASE_URL) {
  console.error('Refusing to seed the database of the test suite (TEST_DATABASE_URL).');
  process.exit(2);
}

const started = performance.now();
let lap = started;
function step(label: string) {
  const now = performance.now();
  console.log(
    `${label.padEnd(52)} ${((now - lap) / 1000).toFixed(1).padStart(6)} s  (total ${((now - started) / 1000).toFixed(1)} s)`,
  );
  lap = now;
}

/** CREATE DATABASE through the maintenance database when the target does not exist yet. */
async function ensureDatabase() {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: no such database
  }
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    console.log(`Created database ${name}.`);
  } finally {
    await admin.end();
  }
}

/** A list written as `a | b | c` over several lines. */
const list = (text: string) => text.trim().split(/\s*\|\s*/);
// Names, places and work of the people the platform recruits (Kenya). Surnames are
// drawn with a skew so a few are common (a search returns thousands) and most are rare.
const firstNames = list(`
  Amina | Brian | Wanjiru | Hassan | Grace | Daniel | Faith | Kevin | Mercy | Dennis | Esther |
  Collins | Naliaka | Peter | Akinyi | John | Wambui | Ibrahim | Njeri | Victor | Purity |
  Samuel | Halima | George | Cynthia | Moses | Achieng | Joseph | Nyokabi | Felix | Lucy |
  David | Zawadi | Kelvin | Mary | Emmanuel | Chebet | Ali | Sharon | Paul | Fatuma | James |
  Wairimu | Stephen | Jane | Abdi | Atieno | Eric | Naomi | Mohamed | Ruth | Martin | Kerubo |
  Francis | Joy | Anthony | Nekesa | Michael | Linet | Benson
`);
const lastNames = list(`
  Otieno | Kamau | Mwangi | Ochieng | Wanjiku | Kiprop | Njoroge | Odhiambo | Kariuki | Mutua |
  Achieng | Kipchoge | Omondi | Njuguna | Wafula | Cheruiyot | Ali | Kimani | Muriuki |
  Onyango | Korir | Macharia | Wekesa | Gitau | Nyambura | Kiplagat | Barasa | Owino | Mohamed |
  Mugo | Rotich | Waweru | Okoth | Ngugi | Chelimo | Simiyu | Kibet | Nduta | Juma | Maina |
  Langat | Wairimu | Obuya | Ndungu | Koech | Nyaga | Mutiso | Kilonzo | Oduor | Were | Makori |
  Nyamweya | Mbugua | Ruto | Abdullahi | Hussein | Muthoni | Kiprotich | Oloo | Kosgei |
  Mwende | Muli | Kagwe | Ombati | Opiyo | Saitoti | Lekishon | Tanui | Nyongesa | Kahindi |
  Mwamburi | Chege | Gachanja | Ndirangu | Ogola | Atieno | Kasyoka | Nzioka | Mbithi | Lagat
`);
const locations = list(`
  Nairobi | Nairobi | Nairobi | Nairobi | Nairobi | Nairobi | Mombasa | Mombasa | Kisumu |
  Kisumu | Nakuru | Nakuru | Eldoret | Eldoret | Thika | Machakos | Nyeri | Meru | Kakamega |
  Kericho | Kisii | Naivasha | Malindi | Kitale | Garissa | Embu | Nanyuki | Bungoma | Kitui |
  Lamu | Voi | Narok | Kiambu | Ruiru | Kitengela | Ongata Rongai | Juja | Athi River |
  Westlands, Nairobi | Kilimani, Nairobi | Embakasi, Nairobi | Kasarani, Nairobi |
  Nyali, Mombasa
`);
const occupations = list(`
  Student | Teacher | Software developer | Shop owner | Boda boda rider | Nurse | Accountant |
  Farmer | Product designer | Sales agent | Civil servant | Driver | Marketing officer |
  Customer care agent | Mama mboga | Tailor | Mechanic | Banker | Journalist | Electrician |
  Pharmacist | Hairdresser | Data analyst | Chef | Unemployed
`);
const domains = list(`
  gmail.com | gmail.com | gmail.com | yahoo.com | outlook.com | hotmail.com | icloud.com |
  proton.me | safaricom.co.ke | uonbi.ac.ke
`);
const ages = list(`
  18-24 | 18-24 | 25-34 | 25-34 | 25-34 | 35-44 | 35-44 | 45-54 | 55+
`);
const educations = list(`
  High School | Some College | Associate Degree | Bachelor's Degree | Bachelor's Degree |
  Master's Degree | Doctoral Degree | Professional Degree | Other
`);
const companies = list(`
  Duka Pay | Safari Foods | Matatu Labs | Jambo Bank | Shamba Tech | Mkopo Credit | Tuk Tuk Go |
  Soko Mart | Afya Health | Elimu Online | Nyumba Homes | Maji Water | Umeme Power |
  Kilimo Plus | Pesa Link | Bima Insure | Safiri Travel | Chakula Express | Kazi Jobs |
  Habari Media
`);
const topics = list(`
  Mobile money onboarding | Grocery checkout usability | Matatu route planner concept |
  Loan application flow | Farm inputs marketplace | Telemedicine booking | School fees payment |
  Rental listings search | Water bill reminders | Prepaid electricity top-up |
  Crop insurance claims | Bus ticket booking | Food delivery tracking | Job search filters |
  News app reading habits
`);
const counties = [...kenyanCounties];
const towns = list(`
  Westlands | Kilimani | Embakasi | Kasarani | Ruiru | Thika | Kitengela | Ongata Rongai | Juja |
  Nyali | Likoni | Kisumu | Nakuru | Eldoret | Naivasha | Machakos | Nyeri | Meru | Kakamega |
  Kitale | Malindi | Garissa | Embu | Nanyuki | Bungoma | Kisii | Kericho | Narok | Voi
`);
// Weighted by repetition, as the panel would answer.
const employment = list(`
  employed_full_time | employed_full_time | employed_part_time | self_employed | self_employed |
  casual | student | student | unemployed | retired | homemaker | prefer_not_to_say
`);
const incomeBands = list(`
  under_10k | under_10k | 10k_30k | 10k_30k | 10k_30k | 30k_50k | 30k_50k | 50k_100k |
  100k_250k | 250k_plus | prefer_not_to_say
`);
const internet = list(`
  mobile_only | mobile_only | mobile_only | mobile_and_home | mobile_and_home | home_only |
  occasional | none | prefer_not_to_say
`);
const mothers = list(
  `kikuyu | dholuo | luhya | kalenjin | kamba | kisii | meru | maa | somali | other`,
);
// The screener most generated studies ask (decisions.md section 10): one single choice whose
// last option disqualifies, one multiple choice and one number. Answer skew: Android is common,
// a feature phone rare, so "applications by answer" is measured both ways.
const screener = [
  {
    id: 'phone',
    text: 'Which phone do you use most days?',
    kind: 'single',
    required: true,
    options: [
      { id: 'android', label: 'An Android phone', rule: 'qualify' },
      { id: 'iphone', label: 'An iPhone', rule: 'qualify' },
      { id: 'feature', label: 'A phone without apps', rule: 'neutral' },
      { id: 'none', label: 'I do not have a phone', rule: 'disqualify' },
    ],
  },
  {
    id: 'apps',
    text: 'Which of these do you use every week?',
    kind: 'multi',
    required: false,
    options: [
      { id: 'mpesa', label: 'M-Pesa', rule: 'neutral' },
      { id: 'whatsapp', label: 'WhatsApp', rule: 'neutral' },
      { id: 'tiktok', label: 'TikTok', rule: 'neutral' },
      { id: 'banking', label: "A bank's app", rule: 'neutral' },
    ],
  },
  {
    id: 'shopping',
    text: 'How many times did you buy something online last month?',
    kind: 'number',
    required: true,
    min: 0,
    max: 100,
  },
];
// Stored criteria (every list present) for one study in three; the rest take anyone.
const noCriteria = {
  genders: [],
  counties: [],
  employment: [],
  devices: [],
  languages: [],
  incomeBands: [],
  excludeStudies: [],
  excludeTags: [],
};
const criteriaSets = [
  { ...noCriteria, counties: ['Nairobi'] },
  { ...noCriteria, ageMin: 18, ageMax: 34 },
  {
    ...noCriteria,
    counties: ['Nairobi', 'Kiambu'],
    devices: ['android_phone'],
    languages: ['kiswahili'],
  },
  { ...noCriteria, genders: ['woman'], incomeBands: ['10k_30k', '30k_50k'] },
];
const json = (value: unknown) => `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
const arr = (items: string[]) =>
  `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`;

await ensureDatabase();
const database = await openPostgres(url, 2);
await runMigrations(database);
await database.close();
step('database ready, migrations applied');

const client = new pg.Client({ connectionString: url });
await client.connect();
let triggerOff = false;
try {
  const { rows: counts } = await client.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM participants) + (SELECT count(*) FROM tests)
      + (SELECT count(*) FROM applications))::int AS n`,
  );
  if (counts[0]!.n > 0) {
    if (!values.force) {
      throw new Error(
        `${new URL(url).pathname.slice(1)} already holds participants, studies or applications: add --force to replace them.`,
      );
    }
    await client.query(
      'TRUNCATE participants, tests, study_sessions, applications, payments, earnings CASCADE',
    );
    step('--force: emptied the generated tables');
  }

  // The possible-duplicate flag (migration 0020) is set for all rows at once after they are
  // written: its trigger, right for one registration at a time, would run once per row.
  await client.query('ALTER TABLE participants DISABLE TRIGGER participants_duplicates');
  triggerOff = true;

  // One real argon2id hash shared by every generated participant (hashing 100,000 would take minutes).
  const password = crypto.randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  await client.query('SELECT setseed(0.42)');

  // The `n` of each row lives in a temporary table so applications can pick people and studies by number.
  await client.query(`
    CREATE TEMP TABLE gen_participants AS
    SELECT n,
      (${arr(firstNames)})[1 + floor(random() * ${firstNames.length})::int] AS first_name,
      (${arr(lastNames)})[1 + floor(power(random(), 2.2) * ${lastNames.length})::int] AS last_name,
      (${arr(domains)})[1 + floor(random() * ${domains.length})::int] AS domain,
      now() - random() * interval '730 days' AS created_at,
      random() AS r, random() AS a, random() AS b, random() AS c, random() AS d, random() AS e,
      random() AS f, random() AS g, random() AS h, random() AS i, random() AS j, random() AS k
    FROM generate_series(1, ${P}) AS n`);
  // The research profile (decisions.md section 10) with the spreads a Kenyan panel has: most
  // give some of it, Nairobi and the big towns dominate, nearly everyone has M-Pesa, a few
  // are blocked, and a few accounts look like another's (the duplicates the console flags).
  // Written with the rest of the row: an UPDATE of every row afterwards would leave the
  // table half dead space.
  await client.query(
    `INSERT INTO participants (first_name, last_name, email, phone, password_hash, location, age,
       occupation, date_of_birth, education, is_active, is_verified, last_login_at, created_at, updated_at,
       gender, county, town, employment, income_band, internet_access, languages, devices, mobile_money,
       invite_opt_in, study_mail, terms_version, privacy_version, consented_at, blocked_at, blocked_reason)
     SELECT g.first_name, g.last_name,
       lower(g.first_name) || (ARRAY['.', '_', ''])[1 + n % 3] || lower(g.last_name) || n || '@' || g.domain,
       -- A permutation of n: every phone is distinct, and fragments are spread like real numbers.
       '+254' || (ARRAY['7', '7', '7', '1'])[1 + n % 4] || lpad(((n::bigint * 7919 + 1234567) % 90000000 + 10000000)::text, 8, '0'),
       $1,
       CASE WHEN g.r < 0.06 THEN NULL ELSE (${arr(locations)})[1 + floor(random() * ${locations.length})::int] END,
       (${arr(ages)})[1 + floor(random() * ${ages.length})::int],
       CASE WHEN g.r > 0.9 THEN NULL ELSE (${arr(occupations)})[1 + floor(random() * ${occupations.length})::int] END,
       to_char(date '1960-01-01' + floor(random() * 16000)::int, 'YYYY-MM-DD'),
       (${arr(educations)})[1 + floor(random() * ${educations.length})::int],
       random() > 0.02,
       random() > 0.3,
       CASE WHEN random() < 0.8 THEN g.created_at + random() * (now() - g.created_at) END,
       g.created_at, g.created_at,
       CASE WHEN g.a < 0.2 THEN NULL WHEN g.a < 0.6 THEN 'woman' WHEN g.a < 0.97 THEN 'man'
         WHEN g.a < 0.98 THEN 'non_binary' ELSE 'prefer_not_to_say' END,
       CASE WHEN g.b < 0.15 THEN NULL
         WHEN g.b < 0.45 THEN 'Nairobi' WHEN g.b < 0.52 THEN 'Kiambu' WHEN g.b < 0.58 THEN 'Mombasa'
         WHEN g.b < 0.63 THEN 'Nakuru' WHEN g.b < 0.67 THEN 'Kisumu' WHEN g.b < 0.70 THEN 'Machakos'
         ELSE (${arr(counties)})[1 + floor(random() * ${counties.length})::int] END,
       CASE WHEN g.c < 0.4 THEN NULL ELSE (${arr(towns)})[1 + floor(random() * ${towns.length})::int] END,
       CASE WHEN g.d < 0.25 THEN NULL
         ELSE (${arr(employment)})[1 + floor(random() * ${employment.length})::int] END,
       CASE WHEN g.e < 0.3 THEN NULL
         ELSE (${arr(incomeBands)})[1 + floor(random() * ${incomeBands.length})::int] END,
       CASE WHEN g.f < 0.3 THEN NULL
         ELSE (${arr(internet)})[1 + floor(random() * ${internet.length})::int] END,
       CASE WHEN g.g < 0.3 THEN '{}'::text[]
         WHEN g.g < 0.55 THEN ARRAY['english', 'kiswahili']
          ELSE ARRAY['english', 'kiswahili', (${arr(mothers)})[1 + floor(random() * ${mothers.length})::int]] END,
       CASE WHEN g.h < 0.25 THEN '{}'::text[]
         WHEN g.h < 0.33 THEN ARRAY['feature_phone'] WHEN g.h < 0.40 THEN ARRAY['iphone', 'computer']
         WHEN g.h < 0.60 THEN ARRAY['android_phone', 'computer'] ELSE ARRAY['android_phone'] END,
       CASE WHEN g.i < 0.25 THEN '{}'::text[] WHEN g.i < 0.37 THEN ARRAY['mpesa', 'airtel_money']
         WHEN g.i < 0.98 THEN ARRAY['mpesa'] ELSE ARRAY['none'] END,
       g.j < 0.45, g.j < 0.95, '2026-11-26', '2026-11-26', g.created_at,
       CASE WHEN g.k < 0.002 THEN g.created_at + interval '30 days' END,
       CASE WHEN g.k < 0.002 THEN 'Generated: duplicate account' END
     FROM gen_participants g
     ORDER BY g.created_at`,
    [passwordHash],
  );
  await client.query(`
    CREATE TEMP TABLE pmap AS
    SELECT row_number() OVER (ORDER BY created_at, id)::int AS n, id, created_at FROM participants;
    ALTER TABLE pmap ADD PRIMARY KEY (n);`);
  // Possible duplicates: 0.3% take the names and date of birth of the participant before them,
  // 0.5% pay out to the phone of the participant after them.
  await client.query(`
    UPDATE participants p SET first_name = q.first_name, last_name = q.last_name, date_of_birth = q.date_of_birth
    FROM pmap m JOIN pmap prev ON prev.n = m.n - 1 JOIN participants q ON q.id = prev.id
    WHERE m.id = p.id AND m.n % 331 = 0`);
  await client.query(`
    UPDATE participants p SET payout_phone = q.phone
    FROM pmap m JOIN pmap next ON next.n = m.n + 1 JOIN participants q ON q.id = next.id
    WHERE m.id = p.id AND m.n % 199 = 0`);
  await client.query(`
    UPDATE participants SET has_possible_duplicate = true
    WHERE id IN (
      SELECT id FROM (
        SELECT id, count(*) OVER (PARTITION BY lower(first_name), lower(last_name), date_of_birth) AS n
        FROM participants WHERE coalesce(date_of_birth, '') <> '') named
      WHERE n > 1
      UNION
      SELECT id FROM (
        SELECT id, count(*) OVER (PARTITION BY coalesce(payout_phone, phone)) AS n FROM participants) paid
      WHERE n > 1)`);
  await client.query('ALTER TABLE participants ENABLE TRIGGER participants_duplicates');
  triggerOff = false;
  step(`participants: ${P.toLocaleString('en')} (research profiles, duplicates)`);

  await client.query(`
    INSERT INTO tests (title, description, pay_rate, duration, max_participants, start_date, end_date,
      tags, company, requirements, criteria, screener, status, created_at, updated_at)
    SELECT
      (${arr(topics)})[1 + n % ${topics.length}] || ' #' || n,
      'Try the ' || lower((${arr(topics)})[1 + n % ${topics.length}]) || ' and think aloud while you do it. '
        || 'A moderator joins you on a video call; sessions are recorded for the product team only.',
      (500 + 250 * floor(random() * 9))::numeric(8,2),
      1 + floor(random() * 4)::int,
      20 + floor(random() * 400)::int,
      (c::date + 7)::date,
      (c::date + 7 + 7 * (1 + floor(random() * 8))::int)::date,
      string_to_array((ARRAY['mobile,fintech', 'e-commerce,usability', 'health', 'agritech,mobile', 'interview'])[1 + n % 5], ','),
      (${arr(companies)})[1 + floor(random() * ${companies.length})::int],
      CASE WHEN random() < 0.5 THEN 'You use a smartphone daily.' END,
      CASE n % 3 WHEN 0 THEN (ARRAY[${criteriaSets.map(json).join(', ')}])[1 + (n / 3) % ${criteriaSets.length}]
        ELSE ${json(noCriteria)} END,
      CASE WHEN n % 10 < 7 THEN ${json(screener)} ELSE '[]'::jsonb END,
      CASE WHEN c > now() - interval '45 days' THEN (ARRAY['active','active','active','not_started','paused'])[1 + floor(random() * 5)::int]
           ELSE (ARRAY['completed','completed','completed','completed','cancelled','postponed'])[1 + floor(random() * 6)::int] END,
      c, c
    FROM (SELECT n, now() - random() * interval '730 days' AS c FROM generate_series(1, ${S}) AS n) s`);
  await client.query(`
    CREATE TEMP TABLE smap AS
    SELECT row_number() OVER (ORDER BY id)::int AS n, id, created_at, status, duration, pay_rate,
      screener <> '[]'::jsonb AS screened
    FROM tests;
    ALTER TABLE smap ADD PRIMARY KEY (n);`);
  step(`studies: ${S.toLocaleString('en')}`);

  // Applications: people and studies drawn with a skew (some people apply a lot, some studies are
  // popular); a repeated (participant, study) pair is skipped and the rounds go on until the count
  // is met. They are drawn into a temporary table first, so that the study sessions can be made
  // for the places they take and the applications written once, already booked (an UPDATE of
  // millions of rows afterwards would leave the table half dead space).
  await client.query(`
    CREATE TEMP TABLE gen_apps (pn int NOT NULL, sn int NOT NULL, status text NOT NULL,
      q float8 NOT NULL, applied timestamptz NOT NULL, PRIMARY KEY (pn, sn))`);
  let inserted = 0;
  for (let round = 0; inserted < A && round < 20; round++) {
    const want = Math.ceil((A - inserted) * (round === 0 ? 1.03 : 1.2));
    const result = await client.query(`
      INSERT INTO gen_apps (pn, sn, status, q, applied)
      SELECT pn, sn,
        CASE
          WHEN sm.status IN ('active', 'not_started', 'paused') THEN
            (ARRAY['interested','interested','interested','screening','screening','selected','scheduled','declined'])[1 + floor(random() * 8)::int]
          WHEN sm.status = 'completed' THEN
            (ARRAY['completed','completed','completed','completed','declined','declined','disqualified','interested','screening','selected'])[1 + floor(random() * 10)::int]
         ELSE (ARRAY['interested','declined','disqualified','screening'])[1 + floor(random() * 4)::int]
        END,
        random(),
        least(greatest(pm.created_at, sm.created_at) + random() * interval '30 days', now() - interval '6 days')
      FROM (
        SELECT 1 + floor(power(random(), 1.6) * ${P})::int AS pn,
               1 + floor(power(random(), 1.3) * ${S})::int AS sn
        FROM generate_series(1, ${want})
      ) pick
      JOIN pmap pm ON pm.n = pick.pn
      JOIN smap sm ON sm.n = pick.sn
      LIMIT ${A - inserted}
      ON CONFLICT (pn, sn) DO NOTHING`);
    inserted += result.rowCount ?? 0;
    step(`applications drawn: ${inserted.toLocaleString('en')} (round ${round + 1})`);
  }

  // Sessions (decision 031): every place taken (scheduled, completed) is booked into a session
  // of 20 seats of its study, a day apart from the study's start, in person or remote by turns.
  const SEATS = 20;
  await client.query(`
    CREATE TEMP TABLE gen_booked AS
    SELECT pn, sn, ((row_number() OVER (PARTITION BY sn ORDER BY applied, pn) - 1) / ${SEATS})::int AS k
    FROM gen_apps WHERE status IN ('scheduled', 'completed');
    ALTER TABLE gen_booked ADD PRIMARY KEY (pn, sn);`);
  await client.query(`
    INSERT INTO study_sessions (test_id, starts_at, duration_minutes, mode, location, meeting_url,
      capacity, status, created_at, updated_at)
    SELECT sm.id,
      date_trunc('day', sm.created_at) + interval '7 days' + k * interval '1 day' + interval '6 hours',
      60 * sm.duration,
      CASE WHEN k % 2 = 0 THEN 'in_person' ELSE 'remote' END,
      CASE WHEN k % 2 = 0 THEN 'InsightLab studio, Westlands, Nairobi' END,
      CASE WHEN k % 2 = 1 THEN 'https://meet.example.com/study-' || sm.n || '-' || k END,
      ${SEATS}, 'open', sm.created_at, sm.created_at
    FROM (SELECT sn, max(k) AS last FROM gen_booked GROUP BY sn) b
    JOIN smap sm ON sm.n = b.sn
    CROSS JOIN LATERAL generate_series(0, b.last) AS k`);
  await client.query(`
    CREATE TEMP TABLE session_map AS
    SELECT sm.n AS sn, (row_number() OVER (PARTITION BY s.test_id ORDER BY s.starts_at) - 1)::int AS k, s.id
    FROM study_sessions s JOIN smap sm ON sm.id = s.test_id;
    ALTER TABLE session_map ADD PRIMARY KEY (sn, k);`);
  const { rows: sessionCount } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM session_map',
  );
  step(`study sessions: ${sessionCount[0]!.n.toLocaleString('en')} (${SEATS} seats each)`);

  // The answers of a screened study's applicants: a disqualified one said it has no phone.
  await client.query(`
    INSERT INTO applications (participant_id, test_id, status, screening, answers, feedback, rating,
      hours_worked, applied_at, scheduled_at, started_at, completed_at, reviewed_at, session_id,
      attendance, attendance_at)
    SELECT p.id, s.id, g.status,
      CASE WHEN g.q < 0.7 THEN 'I use mobile money every day and shop online about twice a month.' END,
      CASE WHEN s.screened THEN jsonb_build_object(
        'phone', CASE WHEN g.status = 'disqualified' THEN 'none'
         WHEN g.q < 0.7 THEN 'android' WHEN g.q < 0.95 THEN 'iphone' ELSE 'feature' END,
        'apps', to_jsonb(array_remove(ARRAY[
          CASE WHEN random() < 0.9 THEN 'mpesa' END, CASE WHEN random() < 0.8 THEN 'whatsapp' END,
          CASE WHEN random() < 0.3 THEN 'tiktok' END, CASE WHEN random() < 0.04 THEN 'banking' END], NULL)),
        'shopping', floor(power(random(), 2) * 30)::int) END,
      CASE WHEN g.status = 'completed' AND g.q < 0.3 THEN 'Clear instructions, friendly moderator.' END,
      CASE WHEN g.status = 'completed' THEN 3 + floor(g.q * 3)::int END,
      CASE WHEN g.status = 'completed' THEN s.duration END,
      g.applied,
      CASE WHEN g.status IN ('scheduled', 'completed') THEN g.applied + interval '3 days' END,
      CASE WHEN g.status = 'completed' THEN g.applied + interval '5 days' END,
      CASE WHEN g.status = 'completed' THEN g.applied + interval '5 days 2 hours' END,
      CASE WHEN g.status <> 'interested' THEN g.applied + interval '2 days' END,
      sess.id,
      CASE WHEN g.status = 'completed' THEN 'attended' END,
      CASE WHEN g.status = 'completed' THEN g.applied + interval '5 days 2 hours' END
    FROM gen_apps g
    JOIN pmap p ON p.n = g.pn
    JOIN smap s ON s.n = g.sn
    LEFT JOIN gen_booked b ON b.pn = g.pn AND b.sn = g.sn
    LEFT JOIN session_map sess ON sess.sn = b.sn AND sess.k = b.k
    ORDER BY g.applied`);
  step(`applications: ${inserted.toLocaleString('en')} (answers, bookings)`);

  // Money and counters the way the app keeps them (docs/decisions/011): a payment per completed
  // application, earnings derived from payments, a study's taken places = scheduled + completed.
  await client.query(`
    INSERT INTO payments (participant_id, test_id, application_id, amount, status, payment_method,
      transaction_id, processed_at, created_at, updated_at)
    SELECT a.participant_id, a.test_id, a.id, t.pay_rate * t.duration,
      CASE WHEN a.completed_at < now() - interval '14 days' THEN 'completed' ELSE 'pending' END,
      'M-Pesa',
      CASE WHEN a.completed_at < now() - interval '14 days' THEN upper(substr(md5(a.id::text), 1, 10)) END,
      CASE WHEN a.completed_at < now() - interval '14 days' THEN a.completed_at + interval '7 days' END,
      a.completed_at, a.completed_at
    FROM applications a JOIN tests t ON t.id = a.test_id
    WHERE a.status = 'completed'`);
  await client.query(`
    INSERT INTO earnings (participant_id, total_earned, total_paid, pending_payments, completed_tests, last_payment_at)
    SELECT participant_id, sum(amount), coalesce(sum(amount) FILTER (WHERE status = 'completed'), 0),
      coalesce(sum(amount) FILTER (WHERE status IN ('pending', 'processing', 'failed')), 0), count(*),
      max(processed_at)
    FROM payments GROUP BY participant_id`);
  await client.query(`
    UPDATE tests t SET current_participants = a.taken, max_participants = greatest(t.max_participants, a.taken)
    FROM (SELECT test_id, count(*)::int AS taken FROM applications
          WHERE status IN ('scheduled', 'completed') GROUP BY test_id) a
    WHERE a.test_id = t.id`);
  step('payments, earnings, study places');

  await client.query('VACUUM ANALYZE participants');
  await client.query('VACUUM ANALYZE tests');
  await client.query('VACUUM ANALYZE applications');
  await client.query('VACUUM ANALYZE payments');
  await client.query('VACUUM ANALYZE study_sessions');
  await client.query('VACUUM ANALYZE earnings');
  step('VACUUM ANALYZE');

  const { rows } = await client.query(`
    SELECT (SELECT count(*) FROM participants)::int AS participants, (SELECT count(*) FROM tests)::int AS studies,
      (SELECT count(*) FROM applications)::int AS applications, (SELECT count(*) FROM payments)::int AS payments,
      (SELECT count(*) FROM study_sessions)::int AS sessions,
      pg_size_pretty(pg_database_size(current_database())) AS size`);
  console.log(rows[0]);
  const { rows: statuses } = await client.query(
    'SELECT status, count(*)::int AS n FROM applications GROUP BY status ORDER BY n DESC',
  );
  console.log(
    Object.fromEntries(statuses.map((r: { status: string; n: number }) => [r.status, r.n])),
  );
  console.log(`Every generated participant signs in with the password ${password}`);
  if (inserted < A) {
    console.error(`Only ${inserted} applications fit; raise --studies or --participants.`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (triggerOff)
    await client
      .query('ALTER TABLE participants ENABLE TRIGGER participants_duplicates')
      .catch(() => {});
  await client.end();
}
