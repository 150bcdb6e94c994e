import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import modules from 'virtual:shopwright-panels'
import { runningModules } from './registry/running-plugins.js'
import { AdminApp } from './app/AdminApp.js'
import { browserClient } from './app/client.js'
import { runningPlugins } from './app/running-plugins.js'
import './kit/styles/base.css'

// The build holds every installed package's module; the page says which plugins the server runs.
const running = runningModules(modules, runningPlugins(document))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp modules={running} client={browserClient()} />
  </StrictMode>,
)
