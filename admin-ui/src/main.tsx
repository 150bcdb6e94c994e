import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import modules from 'virtual:shopwright-panels'
import { AdminApp } from './app/AdminApp.js'
import { browserClient } from './app/client.js'
import './kit/styles/base.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp modules={modules} client={browserClient()} />
  </StrictMode>,
)
