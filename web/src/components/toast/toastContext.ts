import { createContext, useContext } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  /** 'destructive' is for errors. */
  variant?: ToastVariant;
  /** Milliseconds before it hides by itself; errors stay longer by default. */
  duration?: number;
}

export interface ToastApi {
  toast(options: ToastOptions): void;
  dismiss(): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** Shows app-wide notifications: `const { toast } = useToast(); toast({ title, description, variant })`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
