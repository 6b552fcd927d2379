import type { FieldErrors, UseFormRegister } from 'react-hook-form';
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
  if (method.method === 'crypto') {
    const fixed = cryptoTarget(method);
    return (
      <div className="flex flex-col gap-4">
        {fixed ? null : (
          <div className="flex flex-col gap-2">
            <Label htmlFor="withdrawal-coin">Coin and network</Label>
            <NativeSelect
              id="withdrawal-coin"
              aria-invalid={errors.coin ? true : undefined}
              {...register('coin')}
            >
              <option value="">Choose…</option>
              {CRYPTO_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
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
          label={fixed ? `${fixed.coin} address (${method.label})` : 'Address'}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          hint="Check it twice: a payment to a wrong address cannot be reversed."
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
          label="Account holder"
          autoComplete="name"
          hint="The account must be in your own name."
          error={errors.holder?.message}
          {...register('holder')}
        />
        <TextField
          id="withdrawal-bank-name"
          label="Bank name"
          error={errors.bank_name?.message}
          {...register('bank_name')}
        />
        <TextField
          id="withdrawal-iban"
          label="IBAN"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          error={errors.iban?.message}
          {...register('iban')}
        />
        <TextField
          id="withdrawal-bic"
          label="BIC"
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
