import type { AccountRepository } from '../repositories/account.repository.js';

/** Whether a work carries the AIGC label: aigc_flag 1 on, 2 off, 0 follows the account (1 on, 2 off). */
export function aigcEnabled(flag: number | undefined, accountPreference: number): boolean {
  if (flag === 1) return true;
  if (flag === 2) return false;
  return accountPreference !== 2;
}

/**
 * The AIGC label of a work, decided when it renders: the request's aigc_flag, else the account's
 * preference as it is then (an account that is gone counts as "on", the spec's default).
 */
export class AigcPolicyService {
  constructor(private readonly accounts: Pick<AccountRepository, 'get'>) {}

  async labelFor(accountId: string, flag: number | undefined): Promise<boolean> {
    if (flag === 1 || flag === 2) return flag === 1;
    const account = await this.accounts.get(accountId);
    return aigcEnabled(flag, account?.aigc_preference ?? 1);
  }
}
