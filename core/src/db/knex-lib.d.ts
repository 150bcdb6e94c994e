// knex's dialect modules carry no types of their own (db/knex-dialects.ts gives them knex's).
declare module 'knex/lib/dialects/better-sqlite3/index.js' {
  const Client: unknown
  export default Client
}
declare module 'knex/lib/dialects/mysql2/index.js' {
  const Client: unknown
  export default Client
}
