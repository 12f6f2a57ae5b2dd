import type { Adapter, AdapterUser, VerificationToken } from "next-auth/adapters";
import { db } from "@/lib/db";
import { randomToken } from "@/lib/ids";
import { isOperator, normalizeEmail } from "@/lib/ops/operators";

// next-auth's adapter for the operator console, over ops_users and ops_verification_tokens:
// only what the e-mail provider with JWT sessions calls. Accounts, sessions and authenticators
// are never stored (no OAuth, no database sessions).

type OpsUserRow = { id: string; email: string; emailVerified: Date | null };

const toAdapterUser = (row: OpsUserRow): AdapterUser => ({ id: row.id, email: row.email, emailVerified: row.emailVerified, name: null, image: null });

export function opsAdapter(): Adapter {
  return {
    async createUser(user) {
      const email = normalizeEmail(user.email);
      // next-auth only gets here after the signIn callback passed; this is the second lock.
      if (!isOperator(email)) throw new Error("only the addresses in OPS_EMAILS have operator accounts");
      const row = await db().opsUser.upsert({
        where: { email },
        create: { id: `opu_${randomToken(20)}`, email, emailVerified: user.emailVerified },
        update: { emailVerified: user.emailVerified },
      });
      return toAdapterUser(row);
    },

    async getUser(id) {
      const row = await db().opsUser.findUnique({ where: { id } });
      return row ? toAdapterUser(row) : null;
    },

    async getUserByEmail(email) {
      const row = await db().opsUser.findUnique({ where: { email: normalizeEmail(email) } });
      return row ? toAdapterUser(row) : null;
    },

    async updateUser(user) {
      const row = await db().opsUser.update({ where: { id: user.id }, data: user.emailVerified !== undefined ? { emailVerified: user.emailVerified } : {} });
      return toAdapterUser(row);
    },

    /**
     * Keeps a link's hashed token. An address outside OPS_EMAILS gets no row (and no e-mail, see
     * send-sign-in-link.ts): its requester sees the same "check your e-mail" page as an operator.
     */
    async createVerificationToken(token) {
      const identifier = normalizeEmail(token.identifier);
      await db().opsVerificationToken.deleteMany({ where: { expires: { lt: new Date() } } });
      if (!isOperator(identifier)) return token;
      await db().opsVerificationToken.create({ data: { token: token.token, identifier, expires: token.expires } });
      return { ...token, identifier };
    },

    /**
     * Takes a link's token out of the table and returns it, in one statement: of two requests
     * with the same link, only one gets it. next-auth refuses an expired one or another address.
     */
    async useVerificationToken({ identifier, token }) {
      const rows = await db().$queryRaw<VerificationToken[]>`
        DELETE FROM ops_verification_tokens WHERE token = ${token} RETURNING identifier, token, expires`;
      const row = rows[0];
      if (!row) return null;
      // A link used with another address in it is burnt all the same, and refused.
      if (identifier && normalizeEmail(identifier) !== row.identifier) return null;
      return row;
    },
  };
}
