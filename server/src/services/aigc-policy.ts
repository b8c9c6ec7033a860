/** Whether a work carries the AIGC label: aigc_flag 1 on, 2 off, 0 follows the account (1 on, 2 off). */
export function aigcEnabled(flag: number | undefined, accountPreference: number): boolean {
  if (flag === 1) return true;
  if (flag === 2) return false;
  return accountPreference !== 2;
}
