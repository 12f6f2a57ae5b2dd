import NextAuth from "next-auth";
import { opsAuthConfig } from "@/lib/ops/auth-config";

// next-auth bound to the operator console's configuration: the route handlers at /api/auth/*,
// auth() for pages and actions, signIn() and signOut() for the sign-in and sign-out forms.
export const { handlers, auth, signIn, signOut } = NextAuth(() => opsAuthConfig());
