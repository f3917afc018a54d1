/** superadmin is a boolean custom claim on the ID token (docs/data-model.md). */
export function hasSuperadminClaim(claims: Record<string, unknown> | null | undefined): boolean {
  return claims?.superadmin === true;
}
