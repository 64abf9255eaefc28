/**
 * Set-based seeding for the benches that need a large project on PostgreSQL: rows are
 * written straight into the tables with generate_series, 100,000 per statement, instead of
 * through the API, so a million users take a minute or two.
 *
 * User g (1-based) is "Person g", signed up over the past year and active over the past
 * 30 days; a third have no password, every fifth has e-mail codes, every fiftieth is
 * anonymous, five countries. With `emails`, every non-anonymous user has a verified primary
 * e-mail `person-g@example.com` that signs in; with `metrics`, the activity days and counters
 * the bench of /internal/metrics reads are filled in too.
 */
import type pg from "pg";

const BATCH = 100_000;

interface UserSeeding {
  users: number;
  /** A verified primary e-mail per non-anonymous user. */
  emails: boolean;
  /** Their activity days and the metrics counters, as the triggers would have written them. */
  metrics: boolean;
}

export async function seedUsers(pool: pg.Pool, projectId: string, options: UserSeeding): Promise<void> {
  await withoutSecondaryIndexes(pool, ["users", "contact_channels"], () => loadUsers(pool, projectId, options));
}

/**
 * Maintaining the secondary indexes row by row (the trigram GIN indexes above all) costs
 * several times the load itself, so they are dropped for it and built again after from their
 * own definitions, as bulk loads are done. Keys and unique constraints stay.
 */
async function withoutSecondaryIndexes(pool: pg.Pool, tables: string[], load: () => Promise<void>): Promise<void> {
  const { rows: indexes } = await pool.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const index of indexes) await pool.query(`DROP INDEX "${index.name}"`);
  await load();
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query("SET maintenance_work_mem = '256MB'");
    for (const index of indexes) await client.query(index.definition);
  } finally {
    client.release();
  }
  console.log(`built ${indexes.length} indexes in ${Math.round(performance.now() - started)} ms`);
}

async function loadUsers(pool: pg.Pool, projectId: string, options: UserSeeding): Promise<void> {
  // The activity and counter triggers fire row by row; the same rows are written in one go after.
  await pool.query("ALTER TABLE users DISABLE TRIGGER users_active_on_insert");
  await pool.query("ALTER TABLE users DISABLE TRIGGER users_counted");
  await pool.query("ALTER TABLE users DISABLE TRIGGER users_recounted");
  await pool.query("ALTER TABLE contact_channels DISABLE TRIGGER contact_channels_verified_noted");
  await pool.query("ALTER TABLE user_activity_days DISABLE TRIGGER user_activity_days_counted");
  for (let from = 1; from <= options.users; from += BATCH) {
    const to = Math.min(options.users, from + BATCH - 1);
    const started = performance.now();
    await pool.query(
      `INSERT INTO users (project_id, branch_id, id, display_name, password_hash, otp_auth_enabled, country_code, is_anonymous, signed_up_at, last_active_at)
       SELECT $1, 'main', gen_random_uuid(), 'Person ' || g, CASE WHEN g % 3 <> 0 THEN 'seeded' END, g % 5 = 0,
         (ARRAY['US', 'DE', 'FR', 'IN', 'BR'])[1 + g % 5], g % 50 = 0,
         now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second',
         now() - (g % 30) * interval '1 day' - (g % 3600) * interval '1 second'
       FROM generate_series($2::int, $3::int) g`,
      [projectId, from, to],
    );
    console.log(`seeded users ${from}-${to} in ${Math.round(performance.now() - started)} ms`);
  }
  // The foreign key is checked row by row with a cached plan: without statistics that plan
  // is a sequential scan of users per channel.
  await pool.query("ANALYZE users");
  if (options.emails) {
    const started = performance.now();
    await pool.query(
      `INSERT INTO contact_channels (project_id, branch_id, id, user_id, type, value, is_primary, is_verified, used_for_auth)
       SELECT project_id, branch_id, gen_random_uuid(), id, 'email', 'person-' || substr(display_name, 8) || '@example.com', true, true, true
       FROM users WHERE project_id = $1 AND NOT is_anonymous AND display_name LIKE 'Person %'`,
      [projectId],
    );
    await pool.query("UPDATE users SET has_verified_email = true WHERE project_id = $1 AND NOT is_anonymous AND display_name LIKE 'Person %'", [projectId]);
    console.log(`seeded primary e-mails in ${Math.round(performance.now() - started)} ms`);
  }
  await pool.query("ALTER TABLE contact_channels ENABLE TRIGGER contact_channels_verified_noted");
  await pool.query("ALTER TABLE users ENABLE TRIGGER users_active_on_insert");
  if (options.metrics) {
    await pool.query(
      `INSERT INTO user_activity_days (project_id, branch_id, day, user_id, is_anonymous)
       SELECT project_id, branch_id, (last_active_at AT TIME ZONE 'UTC')::date, id, is_anonymous FROM users WHERE project_id = $1
       ON CONFLICT DO NOTHING`,
      [projectId],
    );
  }
  await pool.query("ALTER TABLE users ENABLE TRIGGER users_counted");
  await pool.query("ALTER TABLE users ENABLE TRIGGER users_recounted");
  await pool.query("ALTER TABLE user_activity_days ENABLE TRIGGER user_activity_days_counted");
  await pool.query("SELECT recount_metrics($1)", [projectId]);
}

/**
 * `teams` teams named "Team t", created one minute apart; the first has the first
 * `members` users (by sign-up) as members. Returns the big team's id.
 */
export async function seedTeams(pool: pg.Pool, projectId: string, options: { teams: number; members: number }): Promise<string> {
  const started = performance.now();
  await pool.query(
    `INSERT INTO teams (project_id, branch_id, id, display_name, created_at)
     SELECT $1, 'main', gen_random_uuid(), 'Team ' || t, now() - ($2::int - t) * interval '1 minute'
     FROM generate_series(1, $2::int) t`,
    [projectId, options.teams],
  );
  const [big] = (await pool.query<{ id: string }>("SELECT id FROM teams WHERE project_id = $1 AND display_name = 'Team 1'", [projectId])).rows;
  await pool.query(
    `INSERT INTO team_members (project_id, branch_id, team_id, user_id, created_at)
     SELECT $1, 'main', $2, id, signed_up_at FROM users
     WHERE project_id = $1 AND branch_id = 'main' AND NOT is_anonymous ORDER BY signed_up_at, id LIMIT $3`,
    [projectId, big!.id, options.members],
  );
  console.log(`seeded ${options.teams} teams and ${options.members} members in ${Math.round(performance.now() - started)} ms`);
  return big!.id;
}

/** Fresh planner statistics and visibility maps, as autovacuum would leave them. */
export async function analyze(pool: pg.Pool): Promise<void> {
  for (const table of ["users", "contact_channels", "user_activity_days", "teams", "team_members"]) await pool.query(`VACUUM ANALYZE ${table}`);
}
