import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** 'Are you sure you want to sign out?'. Escape or Cancel keeps the member signed in. */
export function SignOutDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Sign Out"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={onConfirm}>
            Sign Out
          </Button>
        </>
      }
    >
      <p className="text-slate-600">Are you sure you want to sign out?</p>
    </Modal>
  );
}
