/** Hides the middle of a mainland mobile number: 13812345678 → 138****5678; others unchanged. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
