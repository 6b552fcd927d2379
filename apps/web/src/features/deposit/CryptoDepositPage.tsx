import { useParams } from 'react-router';
import { SetupNotice } from '@/components/SectionPage';
import { cryptoLabel, DEFAULT_DEPOSIT_CRYPTO } from './depositMethods';

/** `/main/deposit/:crypto` and `/main/deposit/:crypto/:walletId`; wallets arrive in a later issue. */
export function CryptoDepositPage() {
  const { crypto = DEFAULT_DEPOSIT_CRYPTO } = useParams();
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-base font-medium">{cryptoLabel(crypto)} deposit</h2>
      <SetupNotice />
    </div>
  );
}
