import { useGlobalData } from "../../../lib/global-data.ts";
import { ServiceIcon } from "./ServiceIcon.tsx";

/** Service promises (/api/goods/service): icon, name and description. */
export function FooterServices() {
  const { services } = useGlobalData();
  if (services.length === 0) return null;
  return (
    <ul className="footer-services">
      {services.map((service) => (
        <li key={service.id} className="footer-service">
          <ServiceIcon icon={service.icon} name={service.service_name} />
          <div className="footer-service-text">
            <strong>{service.service_name}</strong>
            {service.desc && <span>{service.desc}</span>}
          </div>
        </li>
      ))}
    </ul>
  );
}
