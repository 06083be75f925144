/**
 * The identity tables: accounts (`member`), organisations, their employees, roles and the functions a role grants,
 * the organisation's manufacturers. They are declared in `platform/` (auth.tables.ts, access.tables.ts) because the
 * platform reads them on every call (the session's one statement, the functions an employee holds) and the platform
 * never imports a domain. The identity domain owns their rules: it is the domain that writes them
 * (identity.repository.ts); other domains go through identity.port.ts.
 */
export { employee, employeeRole, manufacturer, organization, role, roleFunction } from "../../platform/access/access.tables";
export { member } from "../../platform/auth/auth.tables";
