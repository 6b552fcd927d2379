/** The API prefix as download URLs carry it (kept here so present.ts does not import app.ts). */
export const API_PREFIX_PATH = '/api/v1';
