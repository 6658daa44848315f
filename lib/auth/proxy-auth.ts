import NextAuth from 'next-auth';
import { baseAuthConfig } from './config';

/** Reads session cookies without touching the database: for proxy.ts, which runs on every page. */
export const { auth: proxyAuth } = NextAuth(() => baseAuthConfig());
