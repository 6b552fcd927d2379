import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { TextField } from './TextField';
import {
  CRYPTO_CHOICES,
  cryptoTarget,
  type WithdrawalFormValues,
  type WithdrawalMethodOption,
} from './withdrawalForm';

interface Props {
  method: WithdrawalMethodOption;
  register: UseFormRegister<WithdrawalFormValues>;
  errors: FieldErrors<WithdrawalFormValues>;
}

/** Where the money goes: a crypto address, or a bank account in the customer's own name. */
export function DestinationFields({ method, register, errors }: Props) {
  const { t } = useTranslation('money');
  if (method.method === 'crypto') {
    const fixed = cryptoTarget(method);
    return (
      <div className="flex flex-col gap-4">
        {fixed ? null : (
          <div className="flex flex-col gap-2">
            <Label htmlFor="withdrawal-coin">{t('withdrawal.destination.coinNetwork')}</Label>
            <NativeSelect
              id="withdrawal-coin"
              aria-invalid={errors.coin ? true : undefined}
              {...register('coin')}
            >
              <option value="">{t('withdrawal.destination.choose')}</option>
              {CRYPTO_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {t('deposit.wallet.coinOn', { coin: c.coin, network: c.network })}
                </option>
              ))}
            </NativeSelect>
            {errors.coin?.message ? (
              <p role="alert" className="text-xs text-destructive">
                {errors.coin.message}
              </p>
            ) : null}
          </div>
        )}
        <TextField
          id="withdrawal-address"
          label={
            fixed
              ? t('withdrawal.destination.coinAddress', { coin: fixed.coin, method: method.label })
              : t('withdrawal.destination.address')
          }
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          hint={t('withdrawal.destination.addressHint')}
          error={errors.address?.message}
          {...register('address')}
        />
      </div>
    );
  }
  if (method.method === 'bank') {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="withdrawal-holder"
          label={t('withdrawal.destination.holder')}
          autoComplete="name"
          hint={t('withdrawal.destination.holderHint')}
          error={errors.holder?.message}
          {...register('holder')}
        />
        <TextField
          id="withdrawal-bank-name"
          label={t('withdrawal.destination.bankName')}
          error={errors.bank_name?.message}
          {...register('bank_name')}
        />
        <TextField
          id="withdrawal-iban"
          label={t('deposit.bank.iban')}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          error={errors.iban?.message}
          {...register('iban')}
        />
        <TextField
          id="withdrawal-bic"
          label={t('deposit.bank.bic')}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          error={errors.bic?.message}
          {...register('bic')}
        />
      </div>
    );
  }
  return null;
}
