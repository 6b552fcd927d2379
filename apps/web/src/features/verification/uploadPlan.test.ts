import type { VerificationDocument } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { fileProblem, initialType, readyToSubmit, slotsFor } from './uploadPlan';

const doc = (over: Partial<VerificationDocument>): VerificationDocument => ({
  id: 'd',
  requirement: 'identity_document',
  document_type: 'id_card',
  side: 'front',
  file_name: 'f.jpg',
  mime: 'image/jpeg',
  size: 10,
  is_image: true,
  submitted: false,
  created_at: '2026-01-01T00:00:00Z',
  download_url: '/api/v1/verification/documents/d',
  ...over,
});

describe('upload plan', () => {
  it('asks for both sides of an ID card, one page of a passport', () => {
    expect(slotsFor('identity_document', 'id_card').map((s) => s.side)).toEqual(['front', 'back']);
    expect(slotsFor('identity_document', 'passport').map((s) => s.side)).toEqual(['front']);
    expect(slotsFor('proof_of_address', 'utility_bill')).toEqual([{ side: null, label: 'Utility bill' }]);
  });

  it('is ready when every slot has an unsubmitted file of the chosen type', () => {
    expect(readyToSubmit('identity_document', 'id_card', [doc({})])).toBe(false);
    expect(readyToSubmit('identity_document', 'id_card', [doc({}), doc({ side: 'back' })])).toBe(true);
    expect(readyToSubmit('identity_document', 'driving_licence', [doc({}), doc({ side: 'back' })])).toBe(
      false,
    );
    expect(
      readyToSubmit('identity_document', 'id_card', [doc({ submitted: true }), doc({ side: 'back' })]),
    ).toBe(false);
    expect(
      readyToSubmit('proof_of_address', 'utility_bill', [
        doc({ requirement: 'proof_of_address', document_type: 'bank_statement', side: null }),
      ]),
    ).toBe(true);
  });

  it('checks size and type before sending', () => {
    expect(fileProblem({ size: 0, type: 'image/png' })).toBe('The file is empty.');
    expect(fileProblem({ size: 11 * 1024 * 1024, type: 'image/png' })).toBe('The file is larger than 10 MB.');
    expect(fileProblem({ size: 5, type: 'image/gif' })).toMatch(/not allowed/);
    expect(fileProblem({ size: 5, type: '' })).toBeNull();
    expect(fileProblem({ size: 5, type: 'application/pdf' })).toBeNull();
  });

  it('preselects the type already uploaded', () => {
    expect(initialType('identity_document', [])).toBe('passport');
    expect(initialType('identity_document', [doc({ document_type: 'driving_licence' })])).toBe(
      'driving_licence',
    );
  });
});
