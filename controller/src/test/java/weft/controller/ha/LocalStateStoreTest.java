package weft.controller.ha;

/** {@link LocalStateStore} against the store contract. */
class LocalStateStoreTest extends StateStoreContract {
    @Override
    StateStore store() {
        return new LocalStateStore();
    }
}
