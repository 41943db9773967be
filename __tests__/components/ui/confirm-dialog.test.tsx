import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

describe('ConfirmDialog', () => {
  it('asks the spec question by default and answers Yes or No', async () => {
    const onYes = jest.fn();
    const onNo = jest.fn();
    render(<ConfirmDialog open onYes={onYes} onNo={onNo} />);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAccessibleDescription('This action is irreversible');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onYes).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onNo).toHaveBeenCalledTimes(1);
  });

  it('answers No on Escape', () => {
    const onNo = jest.fn();
    render(<ConfirmDialog open title="Remove this item?" onYes={jest.fn()} onNo={onNo} />);
    fireEvent(screen.getByRole('dialog', { name: 'Remove this item?' }), new Event('cancel', { cancelable: true }));
    expect(onNo).toHaveBeenCalledTimes(1);
  });

  it('is closed when not open', () => {
    render(<ConfirmDialog open={false} onYes={jest.fn()} onNo={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
