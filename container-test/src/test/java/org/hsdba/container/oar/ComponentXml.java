package org.hsdba.container.oar;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** Reads DS component descriptors: a {@code component} element, or several inside a wrapper. */
final class ComponentXml {

    private ComponentXml() {
    }

    static List<ComponentDescriptor> read(Document doc) {
        Element root = doc.getDocumentElement();
        List<ComponentDescriptor> out = new ArrayList<>();
        if ("component".equals(OarArchive.localNameOf(root))) {
            out.add(component(root));
        } else {
            for (Element c : OarArchive.children(root, "component")) {
                out.add(component(c));
            }
        }
        return out;
    }

    private static ComponentDescriptor component(Element c) {
        String name = c.getAttribute("name");
        String pid = c.hasAttribute("configuration-pid") ? c.getAttribute("configuration-pid").split(" ")[0] : name;
        Map<String, String> properties = new LinkedHashMap<>();
        Map<String, String> defaults = new LinkedHashMap<>();
        for (Element p : OarArchive.children(c, "property")) {
            properties.put(p.getAttribute("name"), p.hasAttribute("type") ? p.getAttribute("type") : "String");
            if (p.hasAttribute("value")) {
                defaults.put(p.getAttribute("name"), p.getAttribute("value"));
            }
        }
        List<ComponentDescriptor.Reference> references = new ArrayList<>();
        for (Element r : OarArchive.children(c, "reference")) {
            String cardinality = r.hasAttribute("cardinality") ? r.getAttribute("cardinality") : "1..1";
            references.add(new ComponentDescriptor.Reference(r.getAttribute("name"), r.getAttribute("interface"),
                    cardinality.startsWith("1")));
        }
        List<String> services = new ArrayList<>();
        for (Element s : OarArchive.children(c, "service")) {
            for (Element p : OarArchive.children(s, "provide")) {
                services.add(p.getAttribute("interface"));
            }
        }
        return new ComponentDescriptor(name, pid, properties, defaults, references, services);
    }
}
