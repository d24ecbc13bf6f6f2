import { ToastContainer, type ToastContainerProps } from 'react-toastify';
import './toast-host.scss';

/** The toast container with its styles; a lazily loaded chunk (see toast.ts). */
export default function ToastHost(props: ToastContainerProps) {
  return <ToastContainer {...props} />;
}
