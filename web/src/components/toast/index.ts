export { ToastProvider } from './ToastProvider';
export { useToast } from './toastContext';
export type { ToastApi, ToastOptions, ToastVariant } from './toastContext';
export { useErrorToast } from './useErrorToast';
