/** Tables of migration 0014: sign-in guards. */
export interface AuthGuardTables {
  login_attempt: LoginAttemptTable;
}

/**
 * Password logins per account (modules/auth/login-attempts.ts): "m:<member_id>" for a member,
 * "u:<sha256 of the typed name>" for a name no member has, so both are limited alike.
 */
export interface LoginAttemptTable {
  account_key: string;
  /** attempts not (yet) proven right, counting the one in progress */
  failures: number;
  /** unix seconds until which password logins of the account are refused; 0 = none */
  locked_until: number;
  update_time: number;
}
