package org.hsdba.store;

import org.onosproject.store.service.StorageException;

/**
 * What an operator is told when ONOS's distributed store fails a request (a timeout, a lost quorum):
 * the exception alone says little (a timeout's message is just the map's name), and the request
 * may or may not have been applied.
 */
public final class StoreFailure {

    private StoreFailure() {
    }

    /** One sentence naming the failure and what to do. */
    public static String describe(StorageException e) {
        String kind = e.getClass().getName().substring(e.getClass().getName().lastIndexOf('.') + 1)
                .replace('$', '.');
        String detail = e.getMessage() == null ? "" : " (" + e.getMessage() + ")";
        return "the ONOS cluster store did not complete the request: " + kind + detail
                + "; the change may or may not have been applied: read the tree back before retrying";
    }
}
