import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as payments from '@/api/payments';
import { httpError } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { page, signInWith, testDeposit, testMethods } from './testing';
import { WireDepositPage } from './WireDepositPage';

vi.mock('@/api/payments');

const pendingWire = testDeposit({
  id: 12,
  method: 'wire',
  amount: 500,
  reference: 'OB-7K2Q9',
  sandbox: false,
});

function render() {
  renderRoutes([{ path: '*', element: <WireDepositPage /> }], '/main/deposit/wire');
}

const fileInput = async () =>
  (await screen.findByLabelText('Transfer confirmation for deposit OB-7K2Q9')) as HTMLInputElement;

describe('bank wire deposit', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    signInWith('live');
    vi.mocked(payments.getDepositMethods).mockResolvedValue(testMethods());
    vi.mocked(payments.getDeposits).mockResolvedValue(page([pendingWire]));
  });

  it('shows the bank details with copy buttons and the reference to quote', async () => {
    render();
    const reference = await screen.findByTestId('wire-reference');
    expect(reference.textContent).toContain('OB-7K2Q9');
    expect(reference.textContent).toContain('quote it on the transfer');
    expect(screen.getByText('GB33BUKB20201555555555')).toBeTruthy();
    for (const name of ['Reference', 'Beneficiary', 'Bank', 'IBAN', 'BIC', 'Bank address']) {
      expect(screen.getByRole('button', { name: `Copy ${name}` })).toBeTruthy();
    }
    expect(screen.queryByText('Sandbox bank details')).toBeNull();
  });

  it('warns plainly while the bank details are still the built-in demo ones', async () => {
    const methods = testMethods();
    methods.wire.bank.demo = true;
    vi.mocked(payments.getDepositMethods).mockResolvedValue(methods);
    render();
    expect(await screen.findByText('Sandbox bank details')).toBeTruthy();
    expect(screen.getByText(/do not send real money/)).toBeTruthy();
  });

  it('announces a transfer with an idempotency key', async () => {
    vi.mocked(payments.createDeposit).mockResolvedValue(pendingWire);
    render();
    fireEvent.change(await screen.findByLabelText('Amount (USD)'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Announce the transfer' }));
    await waitFor(() =>
      expect(payments.createDeposit).toHaveBeenCalledWith(
        { method: 'wire', account_id: 5, amount: 500 },
        expect.stringMatching(/^[0-9a-f-]{36}$/),
      ),
    );
  });

  it('checks the confirmation file before sending it', async () => {
    render();
    const input = await fileInput();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'statement.pdf', {
      type: 'application/pdf',
    });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The file is larger than 10 MB.');
    const zip = new File([new Uint8Array(10)], 'statement.zip', { type: 'application/zip' });
    fireEvent.change(input, { target: { files: [zip] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Upload a PDF or an image (JPEG, PNG or WebP).',
    );
    expect(payments.uploadDepositProof).not.toHaveBeenCalled();
  });

  it('uploads a good file and shows the server refusing one', async () => {
    vi.mocked(payments.uploadDepositProof).mockRejectedValueOnce(
      httpError(422, { message: 'The file is not a PDF or an image.', code: 'validation' }),
    );
    render();
    const pdf = new File([new Uint8Array(64)], 'confirmation.pdf', { type: 'application/pdf' });
    fireEvent.change(await fileInput(), { target: { files: [pdf] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The file is not a PDF or an image.');
    expect(vi.mocked(payments.uploadDepositProof).mock.calls[0]?.slice(0, 2)).toEqual([12, pdf]);

    vi.mocked(payments.uploadDepositProof).mockResolvedValue({
      ...pendingWire,
      proof_name: 'confirmation.pdf',
    });
    vi.mocked(payments.getDeposits).mockResolvedValue(
      page([{ ...pendingWire, proof_name: 'confirmation.pdf' }]),
    );
    fireEvent.change(await fileInput(), { target: { files: [pdf] } });
    const row = await screen.findByTestId('pending-wire');
    await within(row).findByText('Uploaded: confirmation.pdf');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
