import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { setModalHostMounted } from '../modalHost.ts';

/** The modal host, loaded on the first modal asked for (app/modalHost.ts). */
export default function ModalHost() {
  // runs after ModalsProvider's own effects, i.e. once it listens for `modals.open`
  useEffect(() => {
    setModalHostMounted(true);
    return () => setModalHostMounted(false);
  }, []);
  return <ModalsProvider />;
}
